"""The compiled ``paigow-verify`` command (cext/launcher.c): built by setup.py in place of
the console script where a C compiler is found, and by the tests. Run from setup.py by its
path, as cext/gen_vocab.py is (this is no module of the package)."""
import os
import shutil
import subprocess

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "launcher.c")


def c_string(text):
    """``text`` as a C string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build(out, python):
    """Compile the launcher to ``out``, running ``python`` (an absolute path); None when
    done, else why not (no compiler, or its message's last line)."""
    cc = os.environ.get("CC", "cc").split()
    if not cc or shutil.which(cc[0]) is None:
        return f"no C compiler ({' '.join(cc) or 'CC is empty'})"
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    cmd = cc + ["-O2", f"-DPAIGOW_PYTHON={c_string(python)}", SOURCE, "-o", out]
    # linked statically where the C library allows it: no dynamic loader runs before
    # main(), whose first call holds the signals (dynamically linked, the loader's
    # milliseconds are a window in which a signal still gets its default action)
    for static in (["-static"], []):
        try:
            done = subprocess.run(cmd + static, capture_output=True, text=True)
        except OSError as exc:
            return f"{cc[0]}: {exc.strerror}"
        if done.returncode == 0:
            return None
    lines = (done.stderr or done.stdout).strip().splitlines()
    return lines[-1] if lines else f"{cc[0]} ended with {done.returncode}"
