"""The designer's workbench (``paigow-verify serve``, docs/WORKBENCH.md): a local web
application for designing pay tables on a certificate's exact counts, one hand, the house
ways and a certificate's check, on Starlette and uvicorn (``pip install
'.[web]'`` in the checkout).

- ``workbench``: what the pages show, from the functions the command line uses;
- ``security``: the guards (a token against cross-site requests, the origin, sizes);
- ``app``: the routes, the Jinja2 templates in ``templates/`` and the script and style in
  ``static/`` (plain JavaScript, no build step);
- ``server``: starting it (uvicorn), in the foreground or in a thread.
"""
