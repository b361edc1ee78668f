// xcount/multiplicity.hpp: multiplicities (Knuth's DLX3) by reduction to exact cover.
//
// A primary item C to be covered between lo and hi times becomes hi primary copies C#1..C#hi.
// An option holding C is offered once per copy; the copies taken must hold C's options in
// increasing order of their place in C's list, so that each set of options is found once, not
// once per ordering. The copies after the last one used are filled by a "no more" option per
// copy beyond lo. The order is kept by secondary items between consecutive copies k and k+1:
// over the places 1..m+1 of C's options (m+1 standing for "no more"), copy k's choice at place
// a holds the nodes on a's root-to-leaf path in a segment tree, copy k+1's real choice at place
// b holds the nodes that exactly cover [b, m+1]. The two meet exactly when a >= b, so copy k+1
// may follow copy k only with a later option, and nothing may follow a "no more". Each option
// thus holds O(log m) extra items per multiplicity item; an option with several multiplicity
// items is offered once per combination of their copies.
//
// The expanded matrix's solutions are the original's, one for one (tests/test_multiplicity.cpp
// checks it against a brute-force count): every engine, split, journal, shard and MPI rank
// works on it unchanged. Its nodes and updates are its own, not those of Knuth's Algorithm M.
#pragma once

#include <vector>

#include "xcount/matrix.hpp"

namespace xcount {

struct ExpandedMatrix {
    Matrix matrix;                   // no multiplicities
    std::vector<OptionId> original;  // per option of `matrix`: the original option, or -1 for "no more"
};

// What expand_multiplicities would build, bounded from above without building it: what a
// memory bound is checked against before the expansion is made.
struct ExpansionSize {
    double items = 0, options = 0, nodes = 0;  // nodes: option items
    double least_items = 0;                    // a bound from below: the plain items and every copy C#k
};
ExpansionSize expansion_size(const Matrix& matrix);

// The matrix itself (original[k] = k) when it has no multiplicities. InputError when the
// expansion would pass `max_size` items or option items.
ExpandedMatrix expand_multiplicities(const Matrix& matrix, std::size_t max_size = 50'000'000);

}  // namespace xcount
