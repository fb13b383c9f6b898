"""Card tables for Jupyter and Voilà: anywidget views over a cardschool session."""
