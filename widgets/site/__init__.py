"""The static site's build: the whole school as a folder of static files (``make static``).

``python -m cardschool.widgets.site OUT`` builds it (:mod:`.build`, the steps in order);
:mod:`.wheels` brings Pyodide's runtime and the wheels, :mod:`.bytecode` compiles the
Python a page imports ahead, :mod:`.snapshot` makes the kernel's memory snapshot and
:mod:`.startup` is the site's ``sitecustomize``; :mod:`.pages` makes voici's pages ready.
:mod:`.pins` names the upstream versions whose internals the build relies on.

No module the tables, lessons or app run imports this package (``tests/widgets/site``
checks): it runs on the build machine only.
"""
