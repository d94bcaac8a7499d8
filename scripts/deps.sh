#!/usr/bin/env bash
# Installs every Debian and PyPI package Morph needs, skipping what is already there.
# Idempotent: a second run installs nothing and does not touch the network.
set -euo pipefail

debian_packages=(
  pkg-config
  libwebsockets-dev libev-dev libwebsockets-evlib-ev   # morphd's WebSocket and HTTP server, on libev's epoll loop (lws loads the plugin at run time)
  libcairo2-dev libspng-dev   # server-side renderer (text through cairo's FreeType backend)
  libturbojpeg0-dev libwebp-dev   # lossy tiles while the curtain moves
  zlib1g-dev            # morph check: deflated baselines; bench/loadgen's inflate
  gcc make              # bench/loadgen, the C load client (make bench-load)
  valgrind binutils     # callgrind and objcopy: make bench-definition and bench-runtime count instructions
  fonts-inter           # stands in for SF Pro on both renderers
  fonts-dejavu-core     # DejaVu Sans Mono stands in for SF Mono (Markdown code in Text)
  chromium chromium-driver   # the real browser for the page tests
  nodejs                # node --test for the page's pure modules
  nginx                 # the load balancer in front of several morphd (deploy/, make cluster)
)
python_modules=(        # import name = PyPI name
  "websockets=websockets"
  "selenium=selenium"
  "fontTools=fonttools"
  "uharfbuzz=uharfbuzz"           # HarfBuzz itself: ligature and kerning tests compare with it
  "jsonschema=jsonschema"
  "jsonschema_rs=jsonschema-rs"    # a compiled validator for the server suite's every message
  "lottie_specs=lottie-specs"      # the Lottie JSON schema (export tests)
  "lottie=lottie"                  # reads exported Lottie values at frames
  "rlottie_python=rlottie-python"  # renders exported Lottie frames
  "axe_selenium_python=axe-selenium-python"  # ships axe-core (accessibility browser test)
  "check_jsonschema=check-jsonschema"   # the stock validator command test-schemas runs
)

missing=()
for package in "${debian_packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
# A node already on PATH (the image may ship one) is as good as Debian's.
if command -v node >/dev/null 2>&1; then
  filtered=()
  for package in "${missing[@]}"; do [[ "$package" == nodejs ]] || filtered+=("$package"); done
  missing=("${filtered[@]+"${filtered[@]}"}")
fi
if ((${#missing[@]})); then
  echo "deps: installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

python=${PYTHON:-python3}
missing_py=()
for entry in "${python_modules[@]}"; do
  module=${entry%%=*}; package=${entry#*=}
  "$python" -c "import $module" >/dev/null 2>&1 || missing_py+=("$package")
done
if ((${#missing_py[@]})); then
  echo "deps: installing PyPI packages: ${missing_py[*]}"
  "$python" -m pip install --quiet --disable-pip-version-check "${missing_py[@]}"
fi
echo "deps: all present"
