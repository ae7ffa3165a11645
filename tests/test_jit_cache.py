"""The numba cache guard: stale compiled code is dropped wherever numba keeps it."""

from __future__ import annotations

from pathlib import Path

from topoanalysis._jit_cache import cache_dirs, guard


def test_cache_dirs_follow_numbas_own_locators(tmp_path, monkeypatch):
    # the subpath and the user-wide root are computed without importing numba: check them
    # against numba's locators, so a numba that changes its rule fails here
    from numba.core.caching import _CacheLocator
    from numba.misc.appdirs import AppDirs

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    src = Path(__file__).parent
    sub = _CacheLocator.get_suitable_cache_subpath(str(src / "x.py"))
    dirs = cache_dirs(src)
    assert dirs[0] == src.resolve() / "__pycache__"
    assert dirs[1] == tmp_path / sub
    assert dirs[2] == Path(AppDirs(appname="numba", appauthor=False).user_cache_dir) / sub


def test_guard_drops_each_stale_location_and_keeps_a_current_one(tmp_path):
    src = tmp_path / "mod.py"
    src.write_text("x = 1\n")
    own, other = tmp_path / "own", tmp_path / "other"
    for d in (own, other):
        d.mkdir()
        (d / "f-1.py311.nbi").write_text("index")
        (d / "f-1.py311.1.nbc").write_text("code")
    assert set(guard([src], [own, other], "stamp")) == {own, other}  # no stamp: compiled from unknown sources
    assert not list(own.glob("*.nb*")) and (own / "stamp").exists()
    (own / "f-1.py311.nbi").write_text("fresh")  # numba refills one location
    assert guard([src], [own, other], "stamp") == []  # both stamped with these sources: kept
    assert (own / "f-1.py311.nbi").exists()
    # another version's cache (another checkout under the same NUMBA_CACHE_DIR): its own stamp differs
    (other / "stamp").write_text("0" * 64)
    (other / "g-1.py311.nbi").write_text("stale")
    assert guard([src], [own, other], "stamp") == [other]
    assert not (other / "g-1.py311.nbi").exists() and (own / "f-1.py311.nbi").exists()
    src.write_text("x = 2\n")  # a source change drops every location
    assert set(guard([src], [own, other], "stamp")) == {own, other}


def test_guard_creates_a_missing_location_only_under_an_existing_parent(tmp_path):
    src = tmp_path / "mod.py"
    src.write_text("x = 1\n")
    here, nowhere = tmp_path / "cache", tmp_path / "absent" / "cache"
    assert guard([src], [here, nowhere], "stamp") == []
    assert (here / "stamp").exists() and not nowhere.parent.exists()
