"""The recorded rows of Besta & Hoefler 2014's simulated figures (``data/seed002_*.csv``) against a
fresh run: the sample of ``test_figure_reruns.py`` for those files (its module doc says what is
compared), in a module of its own so that a parallel run can give it to another worker."""

from __future__ import annotations

import pytest

from test_figure_reruns import check_rerun, samples


@pytest.mark.parametrize(("name", "key"), samples("seed002"))
def test_recorded_row_is_reproduced(name, key, tmp_path):
    check_rerun(name, key, tmp_path)
