"""verifier/strategy"""
