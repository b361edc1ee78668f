// xcount/dlx_format.hpp: Knuth's DLX text format, as read by his DLX1.
//
//     | a comment: any line whose first non-blank character is a bar
//     a b c d e f g | x y      <- items: primary, then (after a bar) secondary
//     c e                      <- each further line is one option
//     a d g x
//
// Blank lines are skipped. Names are any run of non-blank characters other than ':' and '|';
// unlike DLX1 they may be longer than 8 characters. Knuth's later programs' additions are
// read too: a colour on a secondary item of an option (`x:c`, DLX2) and a multiplicity on a
// primary item of the item line (`lo:hi|a` or `n|a`, DLX3: digits just before a bar that has
// a name after it).
// Symbols that can be renamed (Matrix::symbols) are declared on a line after the item line that
// Knuth's programs read as a comment: `| symbols: a1 b1 / a2 b2 / a3 b3`, each symbol's items
// slot by slot, the symbols apart by '/'. The matrix is refused if a renaming breaks it.
// Every error is an InputError "FILE:LINE:COLUMN: reason".
#pragma once

#include <iosfwd>
#include <string>

#include "xcount/matrix.hpp"

namespace xcount {

Matrix read_dlx(std::istream& in, const std::string& filename);
Matrix read_dlx_file(const std::string& path);

// Writes `matrix` so that read_dlx gives it back with the same item and option ids.
// `comment` lines (may be empty) are written first, each behind "| ".
void write_dlx(std::ostream& out, const Matrix& matrix, const std::string& comment = {});

}  // namespace xcount
