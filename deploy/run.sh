#!/bin/sh
# `make run`: serve with the rules core and the bots compiled by mypyc when a C compiler is
# present (built once into a copy of the tree, again only when the sources change), else with the
# interpreted package.  `conquian serve` says at start which build it runs.
# CONQUIAN_RUN_BUILD=interpreted skips the compiled build (a quick start, or a test of serving).
set -e
bin=$(cd "$1" && pwd)
tree=$2
if [ "${CONQUIAN_RUN_BUILD:-auto}" != interpreted ] && command -v cc >/dev/null 2>&1 &&
    "$bin/python" -c "import mypyc" 2>/dev/null; then
    digest=$(find setup.py service -name '*.py' -not -path '*/__pycache__/*' | sort | xargs cat | sha256sum | cut -c1-16)
    if [ "$(cat "$tree/.digest" 2>/dev/null)" != "$digest" ]; then
        echo "make run: compiling the rules core with mypyc into $tree (minutes, once per change)"
        rm -rf "$tree"
        mkdir -p "$tree"
        cp -r service adapters setup.py pyproject.toml "$tree"/
        find "$tree" -name __pycache__ -prune -exec rm -rf {} +
        if (cd "$tree" && CONQUIAN_MYPYC=1 "$bin/python" setup.py build_ext --inplace >build.log 2>&1); then
            echo "$digest" >"$tree/.digest"
        fi
    fi
    if [ -f "$tree/.digest" ]; then
        PYTHONPATH=$(cd "$tree" && pwd) exec "$bin/python" -P -m adapters.cli.main serve
    fi
    echo "make run: the mypyc build failed (see $tree/build.log); serving the interpreted build"
fi
exec "$bin/conquian" serve
