"""Notebooks: code cells joined as one program, `.ipynb` and Jupytext files read and written,
`jaxerr check` on a notebook.
"""
