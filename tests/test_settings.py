"""The command line's settings (verifier/cli/settings.py): typed dataclasses built from
the parsed arguments in one place, one per family of commands, a field per option of
every command, nothing forwarded."""
import argparse
import dataclasses
from types import SimpleNamespace

import pytest

from verifier.cli.app import build_parser
from verifier.cli.settings import (FAMILIES, RENAMED, WAGER, OddsSettings, Settings,
                                   TableSettings)


def every_option(parser, command=()):
    """(command, dest) of every option and argument of every (sub)command."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield command, action.dest
            for name, sub in action.choices.items():
                yield from every_option(sub, command + (name,))
        elif action.dest not in (argparse.SUPPRESS, "help") and \
                not isinstance(action, argparse._VersionAction):
            yield command, action.dest


def test_every_option_of_every_command_is_a_typed_field_of_its_family():
    """Each command gets its family's settings (``FAMILIES``), with a typed field for
    every option the command takes."""
    options = set(every_option(build_parser()))
    assert len(options) > 100                       # every command's options, walked
    commands = {c[0] for c, _ in options if c}
    assert commands == set(FAMILIES)
    missing = sorted(f"{' '.join(c)}: {d}" for c, d in options if c and
                     RENAMED.get(d, d) not in {f.name for f in dataclasses.fields(FAMILIES[c[0]])}
                     and not d.startswith(WAGER))
    assert missing == []
    for family in set(FAMILIES.values()) | {Settings}:
        untyped = [f.name for f in dataclasses.fields(family) if f.type in ("Any", "object")]
        assert untyped == [], family


def test_a_family_holds_only_its_commands_options_beyond_the_shared_ones():
    """A family's own fields (those not on ``Settings``) are options of its commands: no
    family carries another's; and ``Settings`` holds only what two families or more
    read, or every command has."""
    options = set(every_option(build_parser()))
    shared = {f.name for f in dataclasses.fields(Settings)}
    for family in set(FAMILIES.values()):
        own = {f.name for f in dataclasses.fields(family)} - shared
        taken = {RENAMED.get(d, d) for c, d in options if c and FAMILIES[c[0]] is family}
        if any(d.startswith(WAGER) for c, d in options if c and FAMILIES[c[0]] is family):
            taken.add("wagers")
        assert own <= taken, (family.__name__, sorted(own - taken))
    assert len(shared) < 40      # the 85 fields of one object split: the shared ones only


def test_a_command_line_gets_its_familys_settings():
    parse = build_parser().parse_args
    assert type(Settings.from_args(parse(["simulate", "--rounds", "10"]))) is TableSettings
    assert type(Settings.from_args(parse(["compare", "c.json"]))) is OddsSettings
    assert not hasattr(Settings.from_args(parse(["compare", "c.json"])), "rounds")


def test_settings_forward_nothing_and_refuse_an_option_with_no_field():
    assert "__getattr__" not in vars(Settings)
    with pytest.raises(TypeError, match="no_such_option"):
        Settings.from_args(SimpleNamespace(no_such_option=1))
    with pytest.raises(AttributeError):
        Settings().no_such_option                   # noqa: B018


def test_the_parsed_command_line_becomes_its_fields():
    args = build_parser().parse_args(["run", "--rules", "casino-standard", "--wheel",
                                      "lowest", "--threads", "2", "--no-progress",
                                      "--paytable", "a.toml", "--paytable", "b.toml"])
    settings = Settings.from_args(args)
    assert (settings.command, settings.rules, settings.wheel, settings.threads) == \
        ("run", "casino-standard", "lowest", 2)
    assert settings.show_progress is False and settings.progress is None
    assert settings.paytable == ["a.toml", "b.toml"]


def test_the_rule_set_its_rules_and_the_engine_spec_are_made_once():
    settings = Settings.from_args(build_parser().parse_args(
        ["hand", "As Ks Qs Js Ts Kh Qh", "--rules", "casino-standard",
         "--house-way", "foxwoods"]))
    assert settings.ruleset is settings.ruleset
    assert settings.readings is settings.readings is settings.engine.rules
    assert settings.engine is settings.engine
    # casino-standard: A-2-3-4-5 second-highest (verifier/data/rulesets), foxwoods' file
    assert (settings.engine.wheel_second, settings.engine.house_way) == (True, "foxwoods")


def test_the_tables_wager_per_named_bet_is_one_field():
    """``simulate`` has a wager option per named bet of the registry (verifier/bets/):
    one typed field, ``wagers``, whatever bets there are."""
    from verifier.game.bets import table_sides
    kinds = [k for k, side in table_sides().items() if not side.envy]
    args = ["simulate", "--rounds", "10"]
    for i, kind in enumerate(kinds, 1):
        args += [f"--{kind}", str(10 * i)]
    settings = Settings.from_args(build_parser().parse_args(args))
    assert settings.wagers == {kind: 10 * i for i, kind in enumerate(kinds, 1)}


def test_each_command_module_registers_the_commands_the_map_lists():
    """``COMMAND_MODULES`` says which module holds a command, so a command line builds
    only that module's parser; every module registers exactly what the map lists."""
    import importlib
    from verifier.cli.app import COMMAND_MODULES
    for module, commands in COMMAND_MODULES.items():
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(f"verifier.cli.{module}").register(sub)
        assert tuple(sub.choices) == commands, module
    every = [c for commands in COMMAND_MODULES.values() for c in commands]
    full = next(a for a in build_parser()._actions
                if isinstance(a, argparse._SubParsersAction))
    assert list(full.choices) == every


def test_a_command_line_builds_its_commands_module_and_help_builds_all():
    from verifier.cli.app import _command_of
    assert _command_of(["compare", "x.json"]) == "compare"
    assert _command_of(["--help"]) is None and _command_of([]) is None
    only = next(a for a in build_parser("compare")._actions
                if isinstance(a, argparse._SubParsersAction))
    assert list(only.choices) == ["check", "compare", "solve", "report"]
    unknown = next(a for a in build_parser("no-such-command")._actions
                   if isinstance(a, argparse._SubParsersAction))
    assert "run" in unknown.choices and "serve" in unknown.choices


def test_a_family_is_made_a_frozen_dataclass_when_first_used():
    """Importing the settings makes the shared class alone; a family is made as it is
    first used, by the command line (``from_args``), ``FAMILIES`` or its first instance,
    and is then the frozen dataclass it reads as."""
    import os
    import subprocess
    import sys
    from conftest import PACKAGE_PATH
    code = (
        "import dataclasses, sys\n"
        "import verifier.cli.settings as s\n"
        "assert {c.__name__ for c in s._UNMADE} >= {'HandSettings', 'RunSettings'}\n"
        "hand = s.HandSettings(cards='As Ks Qs Js Ts Kh Qh')\n"
        "assert s.HandSettings not in s._UNMADE and hand.cards.startswith('As')\n"
        "try:\n"
        "    hand.cards = None\n"
        "except dataclasses.FrozenInstanceError:\n"
        "    pass\n"
        "else:\n"
        "    sys.exit('not frozen')\n"
        "assert 'base_game' in {f.name for f in dataclasses.fields(s.FAMILIES['run'])}\n"
        "assert hand == s.HandSettings(cards='As Ks Qs Js Ts Kh Qh') != s.HandSettings()\n"
        "assert 'cards=' in repr(hand) and hash(hand) == hash(s.HandSettings(cards=hand.cards))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=PACKAGE_PATH), timeout=120)
    assert done.returncode == 0, done.stderr
