"""Benchmark readers, writers and official scorers, one module per benchmark."""
