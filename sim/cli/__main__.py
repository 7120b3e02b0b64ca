"""``python -m sim.cli``: the ``supportsim`` command without the console script on PATH."""

from sim.cli.app import main

main()
