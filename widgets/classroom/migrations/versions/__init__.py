"""The class store's schema versions, oldest first (``0001_first``, ``0002_time_hints``...)."""
