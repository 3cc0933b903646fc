/* The `paigow-verify` command as pip installs it where a C compiler was found (setup.py,
 * cext/launcher.py): SIGINT and SIGTERM held from the process's first instruction, then
 * the interpreter run on the command line in the same process, where the tool lets the two
 * through once its handlers are in place (verifier/support/interrupts.py, install). A
 * signal in the interpreter's own start-up is then the command's one line, exit 130 or 143,
 * never Python's default (exit -2 or -15, or a traceback): issue 52, cause K.
 *
 * The interpreter: in a venv (the launcher's directory is a bin/ beside a pyvenv.cfg), the
 * venv's own `python3` beside it, which pip installed the package for, whoever built the
 * wheel; elsewhere the one the package was built for, its path recorded at build time
 * (PAIGOW_PYTHON: the building interpreter's sys.executable, the one pip installs into
 * when it builds from the source); neither there: one line and exit 127.
 *
 * argv is passed on unchanged: `python -c CODE ARGV0 ARGS...`, where CODE takes `-c` off
 * sys.argv and the script's directory ('' for -c) off sys.path, as a console script has
 * them, and calls verifier.cli.console; the exit status is the interpreter's own. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PAIGOW_PYTHON
#error "PAIGOW_PYTHON: the interpreter's path, set by the build (cext/launcher.py)"
#endif

static const char CODE[] =
    "import sys\n"
    "del sys.argv[0]\n"
    "if sys.path and sys.path[0] == '':\n"
    "    del sys.path[0]\n"
    "from verifier.cli import console\n"
    "console()\n";

/* `python3` in the launcher's own directory, into `out`, when that directory is a venv's
 * bin/ (its parent holds pyvenv.cfg); else 0 */
static int in_my_venv(const char *argv0, char *out, size_t size) {
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        self[n] = '\0';
    } else if (argv0 != NULL && strchr(argv0, '/') != NULL && strlen(argv0) < sizeof self) {
        strcpy(self, argv0);
    } else {
        return 0;
    }
    char *slash = strrchr(self, '/');
    if (slash == NULL) return 0;
    slash[1] = '\0';
    if ((size_t)snprintf(out, size, "%s../pyvenv.cfg", self) >= size || access(out, R_OK) != 0)
        return 0;
    if ((size_t)snprintf(out, size, "%spython3", self) >= size) return 0;
    return access(out, X_OK) == 0;
}

int main(int argc, char **argv) {
    sigset_t held;
    sigemptyset(&held);
    sigaddset(&held, SIGINT);
    sigaddset(&held, SIGTERM);
    sigprocmask(SIG_BLOCK, &held, NULL);        /* first: kept through exec */

    char found[PATH_MAX];
    const char *python = found;
    if (!in_my_venv(argc > 0 ? argv[0] : NULL, found, sizeof found)) {
        python = PAIGOW_PYTHON;
        if (access(python, X_OK) != 0) {
            fprintf(stderr, "paigow-verify: the Python interpreter it was installed for (%s) "
                    "is gone: install paigow-verifier again\n", PAIGOW_PYTHON);
            return 127;
        }
    }
    char **args = calloc((size_t)argc + 4, sizeof *args);
    if (args == NULL) {
        fputs("paigow-verify: out of memory\n", stderr);
        return 127;
    }
    args[0] = (char *)python;                   /* the interpreter finds its prefix by it */
    args[1] = "-c";
    args[2] = (char *)CODE;
    args[3] = argc > 0 ? argv[0] : "paigow-verify";
    for (int i = 1; i < argc; i++) args[3 + i] = argv[i];
    execv(python, args);
    fprintf(stderr, "paigow-verify: cannot run %s: %s\n", python, strerror(errno));
    return 127;
}
