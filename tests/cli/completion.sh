#!/usr/bin/env bash
# tests/cli/completion.sh COMPLETION_FILE XCOUNT: the generated bash completion, asked as bash
# asks it: model names only where a command takes a problem, a model's own flags once it is
# named, the values of --engine, --choose, --symmetry and --color, and the shipped pieces and
# boards by name.
set -u
. "$1"
xcount=$(realpath "$2")
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
# The shipped pieces and boards by name, as the xcount on the PATH finds them: an installed one
# (share/xcount beside it), and one built outside the source tree (the source tree's problems/).
shipped=$(mktemp -d)
trap 'rm -rf "$shipped"' EXIT
mkdir -p "$shipped/prefix/bin" "$shipped/prefix/share/xcount/pieces" "$shipped/prefix/share/xcount/boards" "$shipped/elsewhere"
cp "$xcount" "$shipped/prefix/bin/xcount"
touch "$shipped/prefix/share/xcount/pieces/only-installed.txt" "$shipped/prefix/share/xcount/boards/installed-board.txt"
(
    PATH=$shipped/prefix/bin:$PATH
    cd "$shipped/elsewhere"
    has "$(complete_line xcount count polyomino --pieces only-)" only-installed "xcount count polyomino --pieces only- (installed)"
    has "$(complete_line xcount count polyomino --board installed-)" installed-board "xcount count polyomino --board installed- (installed)"
) || exit 1
cp "$xcount" "$shipped/elsewhere/xcount"
(
    PATH=$shipped/elsewhere:$PATH
    cd "$shipped"
    has "$(complete_line xcount count polyomino --pieces pent)" pentominoes "xcount count polyomino --pieces pent (a build folder elsewhere)"
    has "$(complete_line xcount count polyomino --pieces dom)" domino "xcount count polyomino --pieces dom (a build folder elsewhere)"
    has "$(complete_line xcount count polyomino --board sco)" scott-8x8 "xcount count polyomino --board sco (a build folder elsewhere)"
) || exit 1
echo "completion: the shipped pieces and boards by name"
