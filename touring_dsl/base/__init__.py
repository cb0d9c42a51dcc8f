"""Foundations: the immutable model base, words, the seeded generator, resources and guarded input.

Every layer may import these; they import nothing else of touring_dsl.
"""
