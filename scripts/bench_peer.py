"""Benchmark: this project beside a well-known eval harness (inspect_ai), same prompts, same provider.

The 298 held-out Banks_1 cases are rendered once; both harnesses send those prompts (with the
simulated provider's hint header) to one SIMULATED provider in its own process, 32 calls in
flight, in alternated runs, each harness in a fresh process of its own so CPU and peak memory are
its own. Printed: wall time of each eval, the ratio (this project / the peer), CPU seconds and peak
resident memory.

inspect_ai is never a dependency of this project: the script runs it from a separate interpreter
where it is importable, made at benchmark time, for example

    python3 -m venv /tmp/peer && /tmp/peer/bin/pip install inspect_ai openai
    .venv/bin/python scripts/bench_peer.py --peer-python /tmp/peer/bin/python [--latency-ms 2400]
                                           [--concurrency 32] [--rounds 3]

Every figure is simulated. This file installs nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HINT_HEADER = "x-simulated-hint"  # core.extractors.model.HINT_HEADER (the peer side imports nothing of ours)


def measured(work: Callable[[], int]) -> dict:
    """Wall, CPU and peak memory of `work()` in this process, as one JSON-able dict."""
    cpu, wall = time.process_time(), time.perf_counter()
    n = work()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {"wall_s": time.perf_counter() - wall, "cpu_s": time.process_time() - cpu, "n": n,
            "peak_rss_mb": usage.ru_maxrss / 1024}


# --- each side, in its own process --------------------------------------------------------------

def ours(url: str, concurrency: int, timeout_s: float) -> dict:
    sys.path.insert(0, str(ROOT))
    from core import tiers
    from core.corpus import build_corpus
    from core.runner import run_eval
    from core.store import Store

    corpus = build_corpus("Banks_1", "dialogue", download=False)
    cases = corpus.select("held-out")
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "runs.duckdb")
        extractor, settings, fingerprint = tiers.build("simulated", base_url=url + "/v1", timeout_s=timeout_s)

        def work() -> int:
            try:
                _, summary = run_eval(store, corpus, cases, extractor, split="held-out", settings=settings,
                                      prompt_fingerprint=fingerprint, concurrency=concurrency)
            finally:
                extractor.close()
            if summary["failed_extractions"]:
                raise SystemExit(f"{summary['failed_extractions']} extractions failed")
            return summary["n"]

        return measured(work)


def peer(url: str, concurrency: int, timeout_s: float, prompts_file: str) -> dict:
    from inspect_ai import Task
    from inspect_ai import eval as inspect_eval
    from inspect_ai.dataset import Sample
    from inspect_ai.model import ChatMessageSystem, ChatMessageUser
    from inspect_ai.solver import Generate, TaskState, solver

    prompts = json.loads(Path(prompts_file).read_text())
    samples = [Sample(id=p["case_id"], target="", metadata={"hint": p["hint"]},
                      input=[ChatMessageSystem(content=p["system"]), ChatMessageUser(content=p["user"])])
               for p in prompts]

    @solver
    def generate_with_hint():  # type: ignore[no-untyped-def]
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            return await generate(state, extra_headers={HINT_HEADER: state.metadata["hint"]})
        return solve

    os.environ["SIM_BASE_URL"] = url + "/v1"
    os.environ["SIM_API_KEY"] = "simulated"
    with tempfile.TemporaryDirectory() as tmp:

        def work() -> int:
            task = Task(dataset=samples, solver=generate_with_hint())
            logs = inspect_eval(task, model="openai-api/sim/offline-answers",
                                max_connections=concurrency, max_samples=concurrency, max_tokens=400, temperature=0,
                                timeout=int(timeout_s), log_dir=tmp, display="none", score=False)
            failed = [log for log in logs if log.status != "success"]
            if failed:
                raise SystemExit(f"the peer's eval ended {failed[0].status}: {failed[0].error}")
            return len(logs[0].samples or [])

        return measured(work)


# --- the driver ---------------------------------------------------------------------------------

def render_prompts(path: Path) -> int:
    """The held-out prompts as this project renders them, for the peer to send as they are."""
    sys.path.insert(0, str(ROOT))
    from core.corpus import build_corpus
    from core.extraction import ExtractionRequest
    from core.extractors.model import simulated_hint
    from core.prompt import render

    corpus = build_corpus("Banks_1", "dialogue", download=False)
    out = []
    for case in corpus.select("held-out"):
        prompt = render(corpus.checklist, case.intent, case.lines, "transcript", None)
        request = ExtractionRequest(checklist=corpus.checklist, intent=case.intent, lines=case.lines,
                                    case_id=case.case_id)
        out.append({"case_id": case.case_id, "system": prompt.system, "user": prompt.user,
                    "hint": simulated_hint(request)})
    path.write_text(json.dumps(out))
    return len(out)


def side(python: str, name: str, url: str, args: argparse.Namespace, prompts: Path) -> dict:
    command = [python, str(Path(__file__).resolve()), "--side", name, "--url", url, "--concurrency",
               str(args.concurrency), "--timeout-s", str(args.timeout_s), "--prompts", str(prompts)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        raise SystemExit(f"{name} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer-python", default="/tmp/peer/bin/python",
                        help="an interpreter where inspect_ai is importable (made at benchmark time)")
    parser.add_argument("--latency-ms", type=float, default=2400.0)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout-s", type=float, default=60.0)
    parser.add_argument("--side", choices=("ours", "peer"), help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--prompts", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side == "ours":
        print(json.dumps(ours(args.url, args.concurrency, args.timeout_s)))
        return 0
    if args.side == "peer":
        print(json.dumps(peer(args.url, args.concurrency, args.timeout_s, args.prompts)))
        return 0

    probe = subprocess.run([args.peer_python, "-c", "import inspect_ai; print(inspect_ai.__version__)"],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        print(f"inspect_ai is not importable from {args.peer_python}; make a separate interpreter for it, e.g.\n"
              "  python3 -m venv /tmp/peer && /tmp/peer/bin/pip install inspect_ai openai", file=sys.stderr)
        return 2
    os.environ["CHAT_INTAKE_BOOTSTRAP"] = "0"
    sys.path.insert(0, str(ROOT))
    from scripts.bench_scale import start_provider

    process, url = start_provider(args.latency_ms)
    rows: dict[str, list[dict]] = {"ours": [], "peer": []}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            prompts = Path(tmp) / "prompts.json"
            n = render_prompts(prompts)
            print(f"SIMULATED provider in its own process at {args.latency_ms:g} ms; {n} held-out Banks_1 prompts, "
                  f"{args.concurrency} in flight; inspect_ai {probe.stdout.strip()} from {args.peer_python}")
            print(f"{'round':>5} {'side':>5} {'wall s':>7} {'CPU s':>6} {'peak MB':>8} {'samples':>8}")
            for number in range(args.rounds):
                order = ("ours", "peer") if number % 2 == 0 else ("peer", "ours")  # alternated
                for name in order:
                    row = side(sys.executable if name == "ours" else args.peer_python, name, url, args, prompts)
                    rows[name].append(row)
                    print(f"{number + 1:>5} {name:>5} {row['wall_s']:>7.2f} {row['cpu_s']:>6.2f} "
                          f"{row['peak_rss_mb']:>8.0f} {row['n']:>8}", flush=True)
    finally:
        process.terminate()
        process.wait(timeout=30)

    def median(name: str, key: str) -> float:
        return statistics.median(r[key] for r in rows[name])

    floor = -(-n // args.concurrency) * args.latency_ms / 1000
    print(f"median wall: ours {median('ours', 'wall_s'):.2f} s, peer {median('peer', 'wall_s'):.2f} s "
          f"(floor {floor:.1f} s); ratio ours/peer {median('ours', 'wall_s') / median('peer', 'wall_s'):.3f}")
    print(f"median CPU: ours {median('ours', 'cpu_s'):.2f} s, peer {median('peer', 'cpu_s'):.2f} s "
          f"(ratio {median('ours', 'cpu_s') / median('peer', 'cpu_s'):.2f}); peak memory: ours "
          f"{median('ours', 'peak_rss_mb'):.0f} MB, peer {median('peer', 'peak_rss_mb'):.0f} MB "
          f"(ratio {median('ours', 'peak_rss_mb') / median('peer', 'peak_rss_mb'):.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
