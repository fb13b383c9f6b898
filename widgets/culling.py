"""Kernel culling that spares a kernel Voilà has just handed to a page.

Voilà keeps preheated kernels in a pool and never culls them there; but a kernel taken
from the pool keeps the activity time of when the pool was filled, and until its page
connects (a second or two later) it has no connection either. A cull check in that gap
ends a kernel whose pool sat idle longer than the cull timeout (a class's first students
after a quiet hour), and its page never gets a table. This manager culls a kernel only
when two checks in a row found it without a page: a page that is still loading has
connected by the next check, and a kernel left by a closed page is culled one check
interval later than before. ``tutorial/voila.json`` names it as Voilà's kernel manager
class (Voilà adds its pool on top); it needs the app's Jupyter server, never the browser.
"""

from __future__ import annotations

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["PatientKernelManager"]


class PatientKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, culling a kernel only when two cull checks in a row find it
    without a connection (dead kernels are still culled at once)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._unconnected_last_check: set[str] = set()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Leave a kernel seen without a page for the first time; else cull it if idle."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            self._unconnected_last_check.discard(kernel_id)
            return
        dead = getattr(kernel, "execution_state", None) == "dead"
        if self._kernel_connections.get(kernel_id, 0):
            self._unconnected_last_check.discard(kernel_id)
        elif not dead and kernel_id not in self._unconnected_last_check:
            self._unconnected_last_check.add(kernel_id)  # perhaps a page is connecting now
            return
        await super().cull_kernel_if_idle(kernel_id)
        if kernel_id not in self._kernels:
            self._unconnected_last_check.discard(kernel_id)
