#!/usr/bin/env bash
# tests/cli/completion.sh COMPLETION_FILE: the generated bash completion, asked as bash asks it:
# model names only where a command takes a problem, a model's own flags once it is named, the
# values of --engine, --choose, --symmetry and --color.
set -u
. "$1"
fail() { echo "FAIL: $*"; exit 1; }
complete_line() {  # complete_line WORD...: the words of the line, the last one being completed
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _xcount
    echo " ${COMPREPLY[*]} "
}
has() { [[ "$1" == *" $2 "* ]] || fail "'$3' offers [$1], not $2"; }
lacks() { [[ "$1" != *" $2 "* ]] || fail "'$3' offers $2: [$1]"; }
has "$(complete_line xcount count que)" queens "xcount count que"
lacks "$(complete_line xcount status que)" queens "xcount status que"
lacks "$(complete_line xcount merge po)" polyomino "xcount merge po"
has "$(complete_line xcount count queens --)" --n "xcount count queens --"
has "$(complete_line xcount count polyomino --pie)" --pieces "xcount count polyomino --pie"
lacks "$(complete_line xcount count queens --pie)" --pieces "xcount count queens --pie"
has "$(complete_line xcount count queens --engine m)" memo "xcount count queens --engine m"
has "$(complete_line xcount count queens --choose mrv-)" mrv-random "xcount count queens --choose mrv-"
has "$(complete_line xcount count queens --symmetry r)" reduce "xcount count queens --symmetry r"
has "$(complete_line xcount show queens --color al)" always "xcount show queens --color al"
has "$(complete_line xcount status --)" --json "xcount status --"
echo "completion: models, model flags and flag values where they belong"
# The shipped pieces and boards by name, from the share/xcount beside the xcount on the PATH.
shipped=$(mktemp -d)
trap 'rm -rf "$shipped"' EXIT
mkdir -p "$shipped/bin" "$shipped/share/xcount/pieces" "$shipped/share/xcount/boards"
touch "$shipped/bin/xcount" "$shipped/share/xcount/pieces/pentominoes.txt" "$shipped/share/xcount/boards/scott-8x8.txt"
chmod +x "$shipped/bin/xcount"
PATH=$shipped/bin:$PATH
has "$(complete_line xcount count polyomino --pieces pent)" pentominoes "xcount count polyomino --pieces pent"
has "$(complete_line xcount count polyomino --board sco)" scott-8x8 "xcount count polyomino --board sco"
echo "completion: the shipped pieces and boards by name"
