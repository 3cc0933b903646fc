"""A certificate's definition of its rule set (``RuleSet.to_dict``) and the rule set
built from it, each built once per process by the definition's canonical text (a
certificate's sections, its check and compare all ask): ``definition_of`` (the build
remembers the command's own rule set), ``from_definition``. The rule sets themselves:
rules/rulesets.py."""
from __future__ import annotations

import json
from collections import OrderedDict

from verifier.rules.rulesets import RuleSet, from_dict


#: the rule sets of certificates' definitions, by the definition's canonical text: each
#: built once per process (a certificate's sections, its check and compare all ask)
_DEFINED: OrderedDict[str, RuleSet] = OrderedDict()
_DEFINED_MAX = 64


def _definition_key(definition: dict) -> str:
    return json.dumps(definition, sort_keys=True, default=str)


def definition_of(ruleset: RuleSet) -> dict:
    """The definition a certificate keeps of ``ruleset`` (``to_dict``), with the rule set
    remembered as its own: the sections derived from the definition find it there rather
    than building it again (``build`` holds that the definition reads back the same)."""
    definition = ruleset.to_dict()
    _remember(_definition_key(definition), ruleset)
    return definition


def from_definition(definition: dict, where: str) -> RuleSet:
    """The rule set of a certificate's definition, built once per definition."""
    key = _definition_key(definition)
    if key not in _DEFINED:
        _remember(key, from_dict(dict(definition, bets=dict(definition.get("bets", {}))),
                                 where))
    _DEFINED.move_to_end(key)
    return _DEFINED[key]


def _remember(key: str, ruleset: RuleSet) -> None:
    _DEFINED[key] = ruleset
    while len(_DEFINED) > _DEFINED_MAX:
        _DEFINED.popitem(last=False)
