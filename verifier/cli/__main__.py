from verifier.cli import console

console()
