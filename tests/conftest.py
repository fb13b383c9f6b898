"""How ``make test`` shares the tests between its two xdist workers (``--dist loadscope``).

Each test file stays on one worker, as ``loadscope`` does (a notebook's cells run in
order in one kernel under nbval), and each group of browser test files of
``browser_groups.py`` stays on one worker. The app's group is the longest unit of work,
so it is handed out first, and the harness's group second: the other worker runs that,
then the other files, while the app's group runs. xdist's own ``loadgroup`` would say
this with marks, but it cannot rename test ids under pytest 9, hence this scheduler.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_groups import APP_GROUP, HARNESS_GROUP, browser_group


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``--dist loadscope``, a scheduler that keeps each browser group on one worker."""
    if config.getoption("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsTogether(LoadScopeScheduling):
        """``loadscope``, with each browser group taken as one scope and handed out first."""

        def _split_scope(self, nodeid: str) -> str:
            return browser_group(nodeid) or super()._split_scope(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            for group in (HARNESS_GROUP, APP_GROUP):  # the app's ends up in front
                if group in self.workqueue:
                    self.workqueue.move_to_end(group, last=False)
            super()._assign_work_unit(node)

    return BrowserTestsTogether(config, log)
