#!/usr/bin/env bash
# The rooms of src/ that must not lean on each other: no file of one includes a header of the
# other, either way. A header's room is that of its .cpp (include/xcount/journal.hpp is
# src/files/journal.cpp's); a header with no .cpp of its own (a type shared by both, such as
# subproblem.hpp) belongs to neither. Prints each include that crosses, and fails on any.
#   include_rooms.sh SOURCE_DIR [ROOM:ROOM ...]   (default: files:running)
set -u
top=$1
shift
pairs=("$@")
[ ${#pairs[@]} -gt 0 ] || pairs=(files:running)

room_of_header() {  # xcount/NAME.hpp -> the room of src/*/NAME.cpp, or nothing
  local name
  name=$(basename "$1" .hpp)
  local cpp
  cpp=$(ls "$top"/src/*/"$name".cpp 2>/dev/null | head -n 1)
  [ -n "$cpp" ] && basename "$(dirname "$cpp")"
}

files_of_room() {  # the room's .cpp files and the headers whose .cpp is there
  local room=$1 cpp
  for cpp in "$top"/src/"$room"/*.cpp; do
    [ -e "$cpp" ] || continue
    echo "$cpp"
    [ -e "$top/include/xcount/$(basename "$cpp" .cpp).hpp" ] && echo "$top/include/xcount/$(basename "$cpp" .cpp).hpp"
  done
}

crossings=0
checked=0
for pair in "${pairs[@]}"; do
  a=${pair%%:*}
  b=${pair##*:}
  [ -d "$top/src/$a" ] && [ -d "$top/src/$b" ] || { echo "include_rooms: no room src/$a or src/$b"; exit 1; }
  for from_to in "$a $b" "$b $a"; do
    set -- $from_to
    while read -r file; do
      while read -r header; do
        checked=$((checked + 1))
        if [ "$(room_of_header "$header")" = "$2" ]; then
          echo "${file#"$top"/} ($1) includes $header ($2)"
          crossings=$((crossings + 1))
        fi
      done < <(sed -n 's/^#include "\(xcount\/[a-z_]*\.hpp\)".*/\1/p' "$file")
    done < <(files_of_room "$1")
  done
done
[ "$checked" -gt 0 ] || { echo "include_rooms: no include read"; exit 1; }
echo "$checked includes read, $crossings crossing"
[ "$crossings" -eq 0 ]
