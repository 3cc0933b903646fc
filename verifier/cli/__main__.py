import sys

try:
    from verifier.cli.main import main
except KeyboardInterrupt:               # Ctrl-C while the tool is still being imported
    print("paigow-verify: interrupted", file=sys.stderr)
    sys.exit(130)

sys.exit(main())
