"""verifier/support"""
