# SPDX-License-Identifier: MIT OR Apache-2.0
"""The irikit.dask tests (CTest `python.dask`, or by hand:
PYTHONPATH=build/dev/python /usr/bin/python3 -m pytest python/tests_dask).

One distributed.LocalCluster for the module: 2 worker processes, one thread each, on 127.0.0.1,
no dashboard. The workers are spawned processes: they find irikit (and this folder, for the test
helpers they run) through PYTHONPATH.
"""

import logging
import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="session")
def client():
    distributed = pytest.importorskip("distributed", reason="python3-distributed is not installed")
    pytest.importorskip("dask.bag", reason="python3-dask is not installed")
    path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(HERE), path) if p)
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    c = distributed.Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()
