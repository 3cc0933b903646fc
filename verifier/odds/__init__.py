"""verifier/odds"""
