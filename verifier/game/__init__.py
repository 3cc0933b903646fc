"""verifier/game"""
