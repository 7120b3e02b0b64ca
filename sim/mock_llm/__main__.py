"""``python -m sim.mock_llm --config '{...}' [--host H] [--port P]``: the mock server for a
parent process (see :class:`sim.mock_llm.MockProcess`); prints ``READY <port>`` once it
listens. People use ``supportsim mock-llm``."""

from __future__ import annotations

import argparse
import contextlib

from sim.mock_llm.config import MockConfig
from sim.mock_llm.server import READY, MockServer, run_mock


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m sim.mock_llm")
    parser.add_argument("--config", default="{}", help="MockConfig as JSON")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()

    def ready(server: MockServer) -> None:
        print(f"{READY} {server.port}", flush=True)

    config = MockConfig.model_validate_json(args.config)
    with contextlib.suppress(KeyboardInterrupt):
        run_mock(config, host=args.host, port=args.port, on_ready=ready)


if __name__ == "__main__":
    main()
