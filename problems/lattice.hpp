// problems/lattice.hpp: the symmetries of the square and cubic lattices that fix the origin,
// as signed permutations of the axes: image[k] = sign[k] * cell[perm[k]].
//
// In the plane (z untouched) there are 8, named identity, rot90, rot180, rot270, flip-x
// (x -> -x), flip-y, transpose and antitranspose; in space 48, named by their action, as
// "[-y,+x,+z]". `proper` ones are rotations (determinant +1): 4 in the plane, 24 in space.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace xcount {

using Cell = std::array<int, 3>;  // x (column), y (row), z (layer)

struct LatticeMap {
    std::string name;
    std::array<int, 3> perm;
    std::array<int, 3> sign;
    bool proper;

    Cell operator()(const Cell& c) const {
        return {sign[0] * c[static_cast<std::size_t>(perm[0])], sign[1] * c[static_cast<std::size_t>(perm[1])],
                sign[2] * c[static_cast<std::size_t>(perm[2])]};
    }
};

std::vector<LatticeMap> lattice_maps(bool three_d);  // the identity first

}  // namespace xcount
