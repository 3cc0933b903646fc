"""verifier/engine"""
