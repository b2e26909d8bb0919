#!/usr/bin/env bash
# Stand-in for makeself (not part of the CANN sources the package is checked against), with the
# command line CANN's makeself.cmake passes:
#   makeself.sh [--header F] [--help-header F] [--tar-format F] [--gzip] [--complevel N] [--nomd5]
#               [--sha256] DIR ARCHIVE LABEL STARTUP_SCRIPT [ARGS...]
# It writes ARCHIVE: a bash script carrying a gzipped tar of DIR that, when run, unpacks itself
# into a temporary folder and runs STARTUP_SCRIPT there with the script's own arguments (what the
# .run of an op package does: `custom_opp_*.run --install-path=DIR` runs install.sh).
set -euo pipefail
while [ $# -gt 0 ]; do
  case "$1" in
    --header|--help-header|--tar-format|--complevel) shift 2 ;;
    --*) shift ;;
    *) break ;;
  esac
done
if [ $# -lt 4 ]; then
  echo "makeself.sh (stand-in): usage: makeself.sh [options] DIR ARCHIVE LABEL STARTUP_SCRIPT" >&2
  exit 2
fi
dir=$1 archive=$2 label=$3 startup=$4
payload=$(mktemp)
trap 'rm -f "$payload"' EXIT
tar -C "$dir" --exclude="./$(basename "$archive")" -czf "$payload" .
{
  cat <<HEADER
#!/usr/bin/env bash
# $label: self-extracting op package (written by the makeself stand-in)
set -e
work=\$(mktemp -d)
trap 'rm -rf "\$work"' EXIT
line=\$(awk '/^__PAYLOAD__\$/ { print NR + 1; exit }' "\$0")
tail -n +"\$line" "\$0" | tar -C "\$work" -xzf -
cd "\$work"
bash $startup "\$@"
exit \$?
__PAYLOAD__
HEADER
  cat "$payload"
} > "$archive"
chmod +x "$archive"
