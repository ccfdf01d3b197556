"""ports"""
