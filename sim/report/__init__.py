"""Read-only views over run stores: the HTML report and the comparison of runs.

    from sim.report import compare_runs, write_report

    write_report(Path("runs/x"))                      # runs/x/report.html
    print(compare_runs([Path("runs/a"), Path("runs/b")]).render("markdown"))

Nothing here writes to a store: the report and the comparison only read its rows.
"""

from sim.report.build import build_report, write_report
from sim.report.compare import Comparison, compare_runs

__all__ = [
    # the HTML report
    "build_report",
    "write_report",
    # comparing runs
    "Comparison",
    "compare_runs",
]
