#include "lattice.hpp"

#include <algorithm>
#include <map>

namespace xcount {

namespace {

std::string plane_name(const std::array<int, 3>& perm, const std::array<int, 3>& sign) {
    static const std::map<std::array<int, 4>, std::string> names = {
        {{0, 1, 1, 1}, "identity"},  {{0, 1, -1, 1}, "flip-x"}, {{0, 1, 1, -1}, "flip-y"}, {{0, 1, -1, -1}, "rot180"},
        {{1, 0, 1, 1}, "transpose"}, {{1, 0, -1, 1}, "rot90"},  {{1, 0, 1, -1}, "rot270"}, {{1, 0, -1, -1}, "antitranspose"}};
    return names.at({perm[0], perm[1], sign[0], sign[1]});
}

std::string space_name(const std::array<int, 3>& perm, const std::array<int, 3>& sign) {
    std::string name = "[";
    for (std::size_t k = 0; k < 3; ++k) name += std::string(k ? "," : "") + (sign[k] < 0 ? "-" : "+") + "xyz"[perm[k]];
    return name + "]";
}

}  // namespace

std::vector<LatticeMap> lattice_maps(bool three_d) {
    std::vector<LatticeMap> maps;
    std::array<int, 3> perm{0, 1, 2};
    do {
        if (!three_d && perm[2] != 2) continue;
        const int inversions = (perm[0] > perm[1]) + (perm[0] > perm[2]) + (perm[1] > perm[2]);
        for (int bits = 0; bits < 8; ++bits) {
            if (!three_d && (bits & 4)) continue;
            const std::array<int, 3> sign{bits & 1 ? -1 : 1, bits & 2 ? -1 : 1, bits & 4 ? -1 : 1};
            const int negatives = (bits & 1) + (bits >> 1 & 1) + (bits >> 2 & 1);
            maps.push_back({three_d ? space_name(perm, sign) : plane_name(perm, sign), perm, sign, (inversions + negatives) % 2 == 0});
        }
    } while (std::next_permutation(perm.begin(), perm.end()));
    return maps;  // the identity (perm 0 1 2, no sign) comes first
}

}  // namespace xcount
