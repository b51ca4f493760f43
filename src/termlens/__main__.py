"""``python -m termlens``."""

from termlens.cli import main

main()
