"""``python -m cardschool.widgets.site [OUT]``: build the static site (:func:`.build.main`)."""

import sys

from .build import main

sys.exit(main())
