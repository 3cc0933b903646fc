"""The hand page: one hand set by the house way (``hand``), every setting's value
(``hand --strategy``) or every setting against the dealer's exposed hand (Face Up)."""
from __future__ import annotations

from typing import Any

from verifier.support.errors import VerifierError
from verifier.web import workbench
from verifier.web.schema import Form, Text, accepts
from verifier.web.security import protected
from verifier.web.site import Site, site_of

HAND = Form({"cards": Text(200), "rule_set": Text(80), "action": Text(20),
             "dealer": Text(200)})


def _page(request, status=200, kind="result", result=None, **context):
    context = {"error": "", "cards": "", "dealer": "", "rule_set": workbench.rule_sets()[0],
               **context}
    return site_of(request).page(request, "hand.html.j2", rule_sets=workbench.rule_sets(),
                                 status=status, **{k: result if kind == k else None
                                                   for k in ("result", "strategy", "face_up")},
                                 **context)


async def _refuse(request, message):
    return _page(request, status=400, error=message)


@accepts(Form(), _refuse)
async def hand_get(request: Any, _query: dict[str, Any]) -> Any:
    return _page(request)


@protected
@accepts(HAND, _refuse)
async def hand_post(request: Any, form: dict[str, Any]) -> Any:
    from starlette.concurrency import run_in_threadpool
    cards, rule_set = form.get("cards", "")[:80], form.get("rule_set", "")
    action = form.get("action")
    dealer = form.get("dealer", "")[:80] if action == "face_up" else None
    kind = "face_up" if dealer is not None else "strategy" if action == "strategy" else "result"
    result, error = None, ""
    try:
        result = await run_in_threadpool(workbench.hand, cards, rule_set,
                                         action == "strategy", dealer)
    except VerifierError as exc:
        error = str(exc)
    return _page(request, status=400 if error else 200, kind=kind, result=result, error=error,
                 cards=cards, dealer=(dealer or "").strip(), rule_set=rule_set)


def routes(site: Site) -> list[Any]:
    from starlette.routing import Route
    return [Route("/hand", hand_get, methods=["GET"]),
            Route("/hand", hand_post, methods=["POST"])]
