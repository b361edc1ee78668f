// problems/conjugacy.hpp: conjugacy classes of permutation groups, the way a model hands over a
// group too large to list element by element (xcount::ClassedGroup).
//
// A permutation p of the points 0..m-1 takes point k to p[k]. The classes of the symmetric group
// are its cycle types; those of any other group are found by closing it from its generators and
// walking each class as the orbit of one element under conjugation by the generators (which
// generate the group, so the orbit is the whole class).
//
//     const auto rows = conjugacy_classes(row_generators, 1000000);   // [0] is the identity's
//     const auto digits = symmetric_group_classes(9);                 // 30 cycle types
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "xcount/count.hpp"
#include "xcount/symmetry.hpp"

namespace xcount {

using Permutation = std::vector<int>;

struct PermutationClass {
    Permutation element;  // one element of the class
    Count size;           // how many elements it has
};

// The classes of the group the generators (all on the same points) generate, the identity's
// first. InputError when the group has more than `max_order` elements.
std::vector<PermutationClass> conjugacy_classes(const std::vector<Permutation>& generators, std::size_t max_order);

// The classes of the symmetric group on n points, one per cycle type, the identity's first:
// the element with cycles (0 1 .. a-1)(a .. a+b-1)... for the type a >= b >= ..., of size
// n! / prod(k^m_k m_k!) (m_k cycles of length k).
std::vector<PermutationClass> symmetric_group_classes(int n);

// The symmetry of a grid whose option cell * m + s writes symbol s (of m) in a cell: the cells
// permuted by `cells`, the symbols by `symbols` (Latin squares and sudoku number their options so).
Symmetry grid_symmetry(std::string name, const Permutation& cells, const Permutation& symbols);

// The cycle type as its lengths, greatest first, with exponents: "3 2^2 1" (identity: "1^n").
std::string cycle_type_text(const Permutation& p);

}  // namespace xcount
