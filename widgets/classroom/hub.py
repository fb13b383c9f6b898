"""The class server as a JupyterHub service: a student is whoever the hub says (issue 28.4).

``python -m cardschool.widgets.classroom.server --hub`` runs the class server as a service
of the hub (``c.JupyterHub.services``; README, "A JupyterHub"). The class server alone holds
the database URL; a student's kernel holds only the service's address
(``CARDSCHOOL_CLASS_SERVER``) and its own hub token, ``JUPYTERHUB_API_TOKEN``. A request
of a student sends that token as ``Authorization: token <hub token>``; the server asks the
hub whose it is (JupyterHub's own :class:`~jupyterhub.services.auth.HubAuth`,
``user_for_token``, its answers kept :data:`CACHE_S` seconds) and that user's hub name is
the student's name in the class:

* joining (``POST /api/classes/{code}/students``) with a hub token needs the class code
  alone: the student joins under their hub name (a name typed that is not it is refused).
  The student that hub user made before (the store keeps the hub's name, ``hub_name``,
  whatever the teacher has renamed them since) gets a new class token each join, as a hub's
  sign-in always did (``Members.join``, ``vouched``);
* every other request of a student is the hub user's, in the class the address or
  ``X-Class-Code`` names; ``X-Student-Name`` may be left out (if sent, it must be the hub
  name). A class token got from a join still works as ``Bearer``, as it does off a hub;
* the token must be a user's (not a service's) and carry the scope the service's access
  needs (``access:services!service=<its name>``, HubAuth's ``access_scopes``): the hub's
  roles say who may use the service. Teachers keep their teacher key.

One class, three ways (issue 28.5): the same server also takes students who join without a
hub token, with the class code and a name, as off a hub (the static site's pages, a served
app's kernels): one database, one board. What keeps the two kinds apart:

* only a request the hub vouches for (a hub token) is ever a hub user's student; a student
  who joined with the code is known by their class token alone, never by a hub name;
* a name typed at a code join that reads the same as a hub student's is taken, as any name
  is; a rejoin code never lets anyone in as a hub student (the teacher cannot make one for
  them: the hub signs them in);
* a hub user whose name a code-joined student already holds is refused, not made that
  student (who could have recorded anything under the name): the teacher renames the one
  who holds it, and the hub user joins as a new student. So a typed name can delay a hub
  user, never become them.

The service itself needs no role of the hub: any token may ask the hub whose it is
(``/hub/api/user``), and ``user_for_token`` asks with the token it is given.

A token the hub does not know counts as a wrong secret against the attempt limits. Off a
hub nothing of this is loaded; the API's only hook is the ``hub_student`` setting its
``ApiHandler.student`` asks (for an ``Authorization: token``; a ``Bearer`` class token is
checked as off a hub). The hub's proxy sends the service's requests under its prefix
(``/services/cardschool/``): :class:`ServicePrefix` routes them as the same API, so a
kernel may reach the service through the proxy or at its own address.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

import sqlalchemy as sa
import tornado.web
from tornado import httputil
from tornado.routing import Router

from cardschool.engine.messages import message, render

from .api import Join
from .handler import Answer, ApiHandler
from .hub_messages import HUB  # noqa: F401  (the catalog registered)
from .members import Member, MembershipError
from .models import Student
from .store import ClassStore

if TYPE_CHECKING:
    from jupyterhub.services.auth import HubAuth

__all__ = ["CACHE_S", "HubJoin", "HubStudents", "ServicePrefix", "as_hub_service", "hub_auth"]

CACHE_S = 60
"""How long the hub's answer on a token is kept, in seconds (a revoked token lasts as long)."""
SCHEME = "token"
"""The ``Authorization`` scheme of a hub token (JupyterHub's own)."""


def hub_auth(**config: Any) -> HubAuth:
    """JupyterHub's HubAuth from the variables the hub gives its services (``config``
    overrides them), its answers kept :data:`CACHE_S` seconds (SystemExit, saying what to
    install, without JupyterHub's package)."""
    try:
        from jupyterhub.services.auth import HubAuth
    except ImportError:  # the hub extra is not installed
        raise SystemExit(render(message("classroom:hub.needs-jupyterhub"))) from None

    return HubAuth(**{"cache_max_age": CACHE_S, **config})


def member_named(store: ClassStore, code: object, name: str) -> Member:
    """The student the hub user ``name`` made in the class with this code (whatever their
    name on the board now); refused when there is none (a code-joined student of that name
    is not them)."""
    school = store._class_by_code(code, MembershipError)

    def find(orm: Any) -> Student | None:
        query = sa.select(Student).where(Student.class_id == school.id, Student.hub_name == name)
        return orm.scalar(query)

    row = store._read(find)
    if row is None:
        raise Answer(403, message("classroom:hub.not-joined", name=name, code=school.code))
    return Member(school.id, row.id, row.name, school.code)


class HubStudents:
    """Who a hub token is (asking the hub) and which student of a class that makes them."""

    def __init__(self, auth: HubAuth) -> None:
        self.auth = auth

    async def name(self, handler: ApiHandler, code: object, token: str) -> str:
        """The hub user's name ``token`` is a token of: refused when the hub does not know
        it, when it is not a user's, or when it lacks the service's access scope."""
        keys = handler._limited(code)
        if not token:
            raise Answer(401, message("classroom:hub.no-token"))
        try:
            model = await self.auth.user_for_token(token, sync=False)
        except tornado.web.HTTPError:  # HubAuth's own: the hub did not answer as it should
            raise Answer(503, message("classroom:hub.unreachable")) from None
        if not isinstance(model, dict) or not isinstance(model.get("name"), str):
            handler.server.limiter.wrong(keys)
            raise Answer(401, message("classroom:hub.unknown-token"))
        if model.get("kind", "user") != "user":  # a service's token is nobody's sign-in
            raise Answer(403, message("classroom:hub.not-user"))
        needed = self.auth.access_scopes
        if needed and not self.auth.check_scopes(needed, model):
            raise Answer(403, message("classroom:hub.no-access", name=model["name"]))
        return model["name"]

    async def student(self, handler: ApiHandler, code: str | None, token: str) -> Member:
        """The student a request with a hub token is: the hub user, in the class ``code``
        names (``X-Student-Name``, when sent, must be the hub's name)."""
        name = await self.name(handler, code, token)
        claimed = unquote(handler.request.headers.get("X-Student-Name", ""))
        if claimed and claimed != name:  # on a hub, only the signed-in name records
            raise Answer(403, message("classroom:hub.other-name", name=name))
        if not code:
            raise Answer(401, message("classroom:api.no-member"))
        store = handler.server.store
        return await handler.guarded(code, member_named, store, code, name)


class HubJoin(Join):
    """``POST /api/classes/{code}/students`` on a hub: the hub user joins under their name;
    without a hub token, a student joins with the code and a name as off a hub."""

    async def post(self, code: str) -> None:
        """The hub user as a member of the class, and a class token (new each join)."""
        students: HubStudents = self.settings["hub_students"]
        scheme, _, token = self.request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() != SCHEME:  # a static site's or a served app's student
            await super().post(code)
            return
        name = await students.name(self, code, token.strip())
        typed = self.body().get("name")
        if typed not in (None, "") and typed != name:  # on a hub, only the signed-in name
            raise Answer(403, message("classroom:hub.other-name", name=name))
        store = self.server.store
        member, token = await self.guarded(code, _vouched_join, store, code, name)
        await self.reply_joined(member, token)


def _vouched_join(store: ClassStore, code: str, name: str) -> tuple[Member, str]:
    """Join as the hub user ``name``, vouched for by the hub (a new class token)."""
    return store.join(code, name, vouched=True)


class ServicePrefix(Router):
    """The API under the service's prefix too (``/services/<name>/api/...``, as the hub's
    proxy sends it), as well as at its own address (``/api/...``)."""

    def __init__(self, app: tornado.web.Application, prefix: str) -> None:
        self.app = app
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else ""

    def find_handler(
        self, request: httputil.HTTPServerRequest, **kwargs: Any
    ) -> httputil.HTTPMessageDelegate | None:
        """The application's handler for the request's path without the prefix."""
        if self.prefix and request.path.startswith(self.prefix):
            request.path = "/" + request.path[len(self.prefix) :]
        return self.app.find_handler(request, **kwargs)


def as_hub_service(
    app: tornado.web.Application, auth: HubAuth | None = None
) -> tuple[Router, HubStudents]:
    """Make the class server's ``app`` a hub's service: hub tokens name students, joins
    need one (or, without it, the class code and a name as off a hub); the router to serve
    (prefix and all) and the hub's students."""
    auth = auth if auth is not None else hub_auth()
    students = HubStudents(auth)
    hook: Callable[[ApiHandler, str | None, str], Awaitable[Member]] = students.student
    app.settings["hub_student"] = hook
    app.settings["hub_students"] = students
    app.add_handlers(r".*", [(r"/api/classes/([^/]+)/students", HubJoin)])
    return ServicePrefix(app, auth.base_url), students
