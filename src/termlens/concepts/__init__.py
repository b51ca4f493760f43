"""Concept mentions across documents: SciCo topics, pair relations, clusters and hierarchy."""
