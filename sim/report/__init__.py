"""Read-only views over run stores: the HTML report and the comparison of runs.

from sim.report import write_report, compare_runs
write_report(Path("runs/x"))                      # runs/x/report.html
print(compare_runs([Path("runs/a"), Path("runs/b")]).markdown())
"""

from sim.report.build import build_report, write_report

__all__ = ["build_report", "write_report"]
