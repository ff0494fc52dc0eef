"""What every page shares: the cached store, cached loaders, labels and empty states.

The store is held in `st.cache_resource` (one per database path); pure loaders are wrapped
in `st.cache_data` with a short ttl, so a run written by another process shows up within
seconds; anything a page writes clears them at once.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import sys
import threading
from collections.abc import Mapping
from pathlib import Path

import pandas as pd
import streamlit as st

from core import bootstrap as default_store
from core.checklist import Checklist
from core.corpus import Corpus, build_corpus
from core.sgd_source import CorpusError, candidate_dirs, find_service, load_schema
from core.store import Store, default_path

TTL = 5  # seconds a cached read may lag behind the store
DEFAULT_SERVICE = default_store.DEFAULT_SERVICE


def command(*args: str) -> str:
    """A command line that runs as written against this page's store: the venv's python, `--db` the store."""
    python = Path(sys.executable)
    with contextlib.suppress(ValueError):
        python = python.relative_to(Path.cwd())
    return " ".join([str(python), "-m", "evals", *args, "--db", db()])


def fill_runs() -> str:
    return command("run", "--tier", "offline", "--service", DEFAULT_SERVICE)


# --- the store ------------------------------------------------------------------------------
@st.cache_resource(show_spinner=False)
def _store(path: str) -> Store:
    return Store(path)


def db() -> str:
    """The store's path: RUNS_DB or ./runs.duckdb, read on every rerun so tests can point it elsewhere."""
    return str(default_path())


def store() -> Store:
    return _store(db())


def refresh() -> None:
    """Forget every cached read (after this page wrote something)."""
    st.cache_data.clear()


def init_state(defaults: Mapping[str, object]) -> None:
    """Session-state keys, set once per session."""
    for key, value in defaults.items():
        if key not in st.session_state:
            st.session_state[key] = value


def table(data, **kwargs):
    """st.dataframe as every page shows one: no index, and a missing figure reads as a dash, not as "None"."""
    kwargs.setdefault("placeholder", "—")
    kwargs.setdefault("hide_index", True)
    return st.dataframe(data, **kwargs)


def keep(name: str, default: object, options: list | None = None) -> str:
    """A widget key whose value survives leaving the page: Streamlit forgets the state of a widget that is not
    drawn, so the value lives under a key of its own and is handed to the widget on every run. Pass
    `on_change=ui.kept(name)` to the widget."""
    store_key = f"_kept_{name}"
    init_state({store_key: default})
    if options is not None and st.session_state[store_key] not in options:
        st.session_state[store_key] = default if default in options else (options[0] if options else None)
    if name not in st.session_state or (options is not None and st.session_state[name] not in options):
        st.session_state[name] = st.session_state[store_key]  # the widget was forgotten on another page
    return name


def kept(name: str):
    def save() -> None:
        st.session_state[f"_kept_{name}"] = st.session_state[name]
    return save


def empty_state(what: str, command: str | None = None) -> None:
    st.info(what + (f" From a terminal in the project folder:\n\n`{command}`" if command else ""))


# --- customer text is text ------------------------------------------------------------------
_MARKDOWN_PUNCTUATION = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:=^&\"'/@%?;,])")


def escape(value: object) -> str:
    """Text somebody else wrote, made safe to put inside a Markdown string: every punctuation mark that
    Markdown, HTML, LaTeX or a Streamlit directive could read is backslash-escaped, newlines kept as breaks."""
    return _MARKDOWN_PUNCTUATION.sub(r"\\\1", text(value)).replace("\n", "  \n")


def said(value: object) -> None:
    """Show what a customer, an agent or a corpus wrote exactly as typed: never Markdown, HTML or LaTeX, so
    nothing in it can load a remote resource or change how an amount reads."""
    st.text(text(value))


_MODULE_PATH = re.compile(r"\s*\(?\b(?:core|evals|dashboard)(?:\.[A-Za-z_]+)+\b\)?")


def sentence(exc: BaseException | str) -> str:
    """A failure as one sentence a reader can act on: no exception class, no module path."""
    message = str(exc).strip() or "something went wrong"
    message = _MODULE_PATH.sub("", message)
    message = message.replace("--from-run RUN_ID", "a run to replay").replace("--db", "the store")
    message = message[:1].upper() + message[1:]
    return message if message.endswith((".", "!", "?")) else message + "."


def tier_label(tier: str, tier_kind: str | None) -> str:
    """A tier's name, with the label every simulated or replayed figure must carry."""
    # A name that already says its kind ("replay of simulated") is shown as it is.
    return f"{tier} ({tier_kind})" if tier_kind in ("simulated", "replay") and tier_kind not in tier.split() else tier


def loads(value: object) -> object:
    return json.loads(value) if isinstance(value, str) else value


class _DefaultJob:
    """The embedded default, recorded on a thread of its own: a visitor who closes the tab
    stops the page's script, never the recording."""

    def __init__(self, path: str) -> None:
        self.message, self.share = "starting", 0.0
        self.result: default_store.BootstrapResult | None = None
        self.error: str | None = None
        self.done = threading.Event()
        threading.Thread(target=self._work, args=(path,), name="default-store", daemon=True).start()

    def _work(self, path: str) -> None:
        try:
            self.result = default_store.bootstrap(_store(path), progress=self._progress)
        except (CorpusError, ValueError, OSError) as exc:  # no corpus and no network: say so, open empty
            self.error = str(exc)
        finally:
            self.done.set()

    def _progress(self, message: str, share: float) -> None:
        self.message, self.share = message, share


@st.cache_resource(show_spinner=False)
def _default_job(path: str) -> _DefaultJob:
    return _DefaultJob(path)


def ensure_default_store() -> None:
    """On first start (or after one cut short), record the embedded default, with progress shown."""
    if st.session_state.get("_booted") == db() or not default_store.enabled():
        return
    if default_store.needs_default(store()):
        job = _default_job(db())
        with st.status("First start: recording the Banks_1 floors and offline runs…", expanded=True) as box:
            bar = st.progress(0.0)
            while not job.done.wait(0.25):
                bar.progress(min(job.share, 1.0), job.message)
            if job.error:
                box.update(label="First start: the default could not be recorded.", state="error", expanded=True)
                st.error(f"{sentence(job.error)} The pages open on the empty store; the Runs page fills it once "
                         "the corpus is reachable.")
            else:
                box.update(label=f"First start: {job.result.reason}.", state="complete", expanded=False)
        _default_job.clear()  # done: a later start that still lacks the default tries again
        refresh()
    st.session_state["_booted"] = db()


# --- cached loaders ---------------------------------------------------------------------------
@st.cache_data(ttl=TTL, show_spinner=False)
def runs(path: str, kind: str | None = None, brief: bool = False) -> pd.DataFrame:
    """The run history; `brief` without its JSON columns (summary, guards, settings), for pickers."""
    return _store(path).runs(kind, brief)


@st.cache_data(ttl=TTL, show_spinner=False)
def run_table(path: str, kind: str | None = None) -> pd.DataFrame:
    from core.compare import run_table as table

    return table(_store(path), kind)


@st.cache_data(ttl=TTL, show_spinner=False)
def case_rows(path: str, run_id: str) -> pd.DataFrame:
    """A run's cases without the bulky text columns (prompt, raw reply)."""
    return _store(path).cases(run_id, "case_id, repeat, intent, turn_index, decision, gold_decision, decision_correct,"
                                      " stopped_early, n_correct, n_wrong, n_missed, n_open, status, codes")


@st.cache_data(ttl=TTL, show_spinner=False)
def reviews(path: str) -> pd.DataFrame:
    return _store(path).reviews()


@st.cache_data(show_spinner=False)
def services() -> list[str]:
    """Services whose schema a local SGD folder lists (for picking a checklist)."""
    names: set[str] = set()
    for root in candidate_dirs():
        for split in ("train", "dev", "test"):
            if (Path(root) / split / "schema.json").exists():
                names |= {entry["service_name"] for entry in load_schema(Path(root), split)}
    return sorted(names) or [DEFAULT_SERVICE]


@st.cache_data(show_spinner=False)
def services_with_dialogues() -> list[str]:
    """The services a page can chat over, run or estimate: those whose dialogues are on this machine."""
    return [name for name in services() if has_local_dialogues(name)]


def default_index(options: list[str], wanted: str = DEFAULT_SERVICE) -> int:
    return options.index(wanted) if wanted in options else 0


@st.cache_data(show_spinner=False)
def checklist(service: str) -> Checklist:
    for root in candidate_dirs():
        if Path(root).is_dir() and (found := find_service(Path(root), service)):
            return Checklist.from_schema(found[1])
    return corpus(service).checklist  # not local yet: the corpus build downloads it


@st.cache_data(show_spinner=False)
def schema_of(service: str) -> dict:
    """The service's schema entry as SGD writes it (the checklist.json of the bring-your-own format)."""
    for root in candidate_dirs():
        if Path(root).is_dir() and (found := find_service(Path(root), service)):
            return dict(found[1])
    return {}


@st.cache_resource(show_spinner="Reading the corpus…")
def corpus(service: str, segment: str = "dialogue", schema_variant: str | None = None) -> Corpus:
    return build_corpus(service, segment, schema_variant=schema_variant)


@st.cache_data(ttl=60, show_spinner=False)
def has_local_dialogues(service: str) -> bool:
    """True when a local SGD folder holds dialogues of the service (not only its schema)."""
    from core.availability import has_dialogues_of

    return any(Path(root).is_dir() and has_dialogues_of(Path(root), service) for root in candidate_dirs())


def pct(value: object) -> str:
    return "—" if value is None or pd.isna(value) else f"{100 * float(value):.1f}%"


def money(value: object, digits: int = 4) -> str:
    return "—" if value is None or pd.isna(value) else f"${float(value):,.{digits}f}"


# --- figures as people read them -----------------------------------------------------------
STOPPED_WRONG = "stopped on a wrong fact"
STOPPED_WRONG_HELP = (
    "The run stopped where gold stops too, every required fact filled, but at least one holds a value gold does not "
    "accept: not what the customer said. Such a stop counts as a right decision, so it is counted apart; with "
    "stopped early (a stop while gold still asks) it makes every stop on a record that is not right.")


# --- rates as people read them -------------------------------------------------------------
def rate_text(rate: Mapping) -> str:
    """A recorded rate ({hits, n, value, low, high}) as it must be read: with its denominator and interval."""
    if not rate.get("n"):
        return "— (n=0)"
    text = f"{100 * rate['value']:.1f}% ({rate['hits']}/{rate['n']}"
    if rate.get("low") is not None and rate.get("high") is not None:
        text += f", 95% CI {100 * rate['low']:.1f}–{100 * rate['high']:.1f}"
    return text + ")"


def text(value: object) -> str:
    """A stored text field for display: missing reads as empty, never as 'nan' or 'None'."""
    return "" if value is None or (isinstance(value, float) and pd.isna(value)) else str(value)


def number(value: object, digits: int = 0) -> str:
    return "—" if value is None or pd.isna(value) else f"{float(value):,.{digits}f}"


# --- analysis (core.compare, core.bands), cached ----------------------------------------------
@st.cache_data(ttl=TTL, show_spinner=False)
def run_figures(path: str) -> pd.DataFrame:
    """Every run with its figures and guards: one aggregate query, whatever the number of runs."""
    from core.compare import run_figures as figures

    return figures(_store(path))


@st.cache_data(ttl=TTL, show_spinner=False)
def check(path: str, run_id: str | None, against: str | None):
    from core.bands import check as bands_check

    return bands_check(_store(path), run_id, against, frame=run_figures(path))  # the figures the page read


@st.cache_resource(show_spinner=False)
def simulated_provider():
    """The loopback simulated provider, started once per dashboard process on a free local port."""
    from core.simulated.server import SimulatedProvider

    return SimulatedProvider(port=0).start()


@st.cache_resource(show_spinner=False)
def http_client(timeout_s: float):
    """One HTTP client per timeout for every model tier of this process: connections are pooled, and
    no client is left for the garbage collector to close."""
    import httpx

    return httpx.Client(timeout=httpx.Timeout(timeout_s, connect=5.0),
                        limits=httpx.Limits(max_connections=64, max_keepalive_connections=16))


def tier_overrides(tier_name: str) -> dict:
    """Build overrides for a tier: the shared HTTP client, and for a simulated tier the dashboard's own
    loopback provider."""
    from urllib.parse import urlparse

    from core.tiers import load_tiers

    tier = load_tiers()[tier_name]
    if tier.kind not in ("simulated", "model"):
        return {}
    overrides: dict = {"client": http_client(float(tier.settings.get("timeout_s", 30)))}
    if tier.kind == "simulated":
        overrides["base_url"] = simulated_provider().url + urlparse(tier.settings.get("base_url", "")).path
    return overrides


def tier_note(tier_name: str) -> str | None:
    """Why a model tier cannot answer here (its key is not configured, its server on this machine is not
    listening), or None."""
    from core import config
    from core.secrets import read_key
    from core.tiers import load_tiers

    tier = load_tiers()[tier_name]
    settings = tier.settings
    key_env = settings.get("key_env")
    if key_env and not settings.get("key_optional") and not read_key(key_env):
        return f"needs {key_env}"
    base_url = config.env(settings.get("base_url_env") or "") or settings.get("base_url")
    if tier.kind == "model" and base_url and not _listening(base_url):
        return "its server is not answering"
    return None


@st.cache_data(ttl=TTL, show_spinner=False)
def _listening(base_url: str) -> bool:
    """True unless the URL names this machine and nothing listens on its port (remote hosts are not probed)."""
    import httpx

    try:
        url = httpx.URL(base_url)
    except Exception:  # a malformed URL cannot be reached either
        return False
    if not (url.host in ("localhost", "::1") or url.host.startswith("127.")):
        return True
    try:
        socket.create_connection((url.host, url.port or (443 if url.scheme == "https" else 80)), timeout=0.5).close()
    except OSError:
        return False
    return True


def tier_option(tier_name: str) -> str:
    """A tier as a list shows it: its label, and what it needs when it cannot answer here."""
    from core.tiers import load_tiers

    note = tier_note(tier_name)
    return load_tiers()[tier_name].label + (f" — {note}" if note else "")


def tier_description(tier_name: str) -> str:
    """The tier's description without the sentences written for the command line (flags, commands)."""
    from core.tiers import load_tiers

    text = load_tiers()[tier_name].settings.get("description") or ""
    kept = [s for s in re.split(r"(?<=[.!?])\s+", text) if s and "--" not in s and "`" not in s
            and "python -m" not in s]
    return " ".join(kept)


def when(value: object) -> str:
    """A stored time as people read it, in UTC and saying so."""
    if value is None or (not isinstance(value, str) and pd.isna(value)):
        return "—"
    stamp = pd.Timestamp(value)
    stamp = stamp.tz_localize("UTC") if stamp.tzinfo is None else stamp.tz_convert("UTC")
    return stamp.strftime("%Y-%m-%d %H:%M UTC")


@st.cache_resource(show_spinner=False)
def job_registry() -> dict:
    """Runs started from the dashboard, by job id (shared by every session of this server)."""
    return {}


def job_panel(state_key: str) -> None:
    """Progress of the work this session started from a page (`state_key` holds the job ids): a bar while it
    runs, one sentence when it ends. Polls only while something runs; reruns the page when work finishes."""
    init_state({state_key: []})
    registry = job_registry()
    if not [j for j in st.session_state[state_key] if j in registry]:
        return
    running = any(not registry[j].finished for j in st.session_state[state_key] if j in registry)
    st.fragment(_job_panel, run_every=1.0 if running else None)(state_key)


def _job_panel(state_key: str) -> None:
    registry = job_registry()
    mine = [registry[j] for j in st.session_state[state_key] if j in registry]
    for job in mine:
        if job.error:
            st.error(f"{job.label}: {sentence(job.error)}")
        elif job.finished:
            st.success(f"{job.label}: finished, run {job.run_id} ({job.outcome}).")
        else:
            st.progress(job.share, text=f"{job.label}: {job.done:,} of {job.total:,} steps" if job.total
                        else f"{job.label}: starting…")
    seen_key = f"_{state_key}_seen"
    finished = [j.job_id for j in mine if j.finished]
    if finished and st.session_state.get(seen_key) != finished:
        st.session_state[seen_key] = finished
        refresh()
        st.rerun(scope="app")  # the page above now reads the new run
