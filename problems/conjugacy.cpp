#include "conjugacy.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <unordered_map>

#include "xcount/error.hpp"

namespace xcount {

namespace {

// A permutation as a compact key for hashing: two bytes a point.
std::string key_of(const Permutation& p) {
    std::string key(2 * p.size(), '\0');
    for (std::size_t k = 0; k < p.size(); ++k) {
        key[2 * k] = static_cast<char>(p[k] & 0xff);
        key[2 * k + 1] = static_cast<char>(p[k] >> 8);
    }
    return key;
}

Permutation compose(const Permutation& a, const Permutation& b) {  // first b, then a
    Permutation c(b.size());
    for (std::size_t k = 0; k < b.size(); ++k) c[k] = a[static_cast<std::size_t>(b[k])];
    return c;
}

// s g s^-1: takes s(k) to s(g(k)).
Permutation conjugate(const Permutation& g, const Permutation& s) {
    Permutation c(g.size());
    for (std::size_t k = 0; k < g.size(); ++k) c[static_cast<std::size_t>(s[k])] = s[static_cast<std::size_t>(g[k])];
    return c;
}

// Every element of the group, the identity first, each with its index by key.
struct Closure {
    std::vector<Permutation> elements;
    std::unordered_map<std::string, std::size_t> index;

    bool add(Permutation p) {
        if (!index.emplace(key_of(p), elements.size()).second) return false;
        elements.push_back(std::move(p));
        return true;
    }
};

Closure close_group(const std::vector<Permutation>& generators, std::size_t points, std::size_t max_order) {
    Closure group;
    Permutation identity(points);
    std::iota(identity.begin(), identity.end(), 0);
    group.add(identity);
    for (std::size_t k = 0; k < group.elements.size(); ++k)  // the list grows while we walk it
        for (const Permutation& s : generators) {
            group.add(compose(s, group.elements[k]));
            if (group.elements.size() > max_order)
                throw InputError("the group has more than " + std::to_string(max_order) + " elements: too many to find its classes here");
        }
    return group;
}

Count factorial(int n) {
    Count f = 1;
    for (int k = 2; k <= n; ++k) f *= Count(static_cast<unsigned>(k));
    return f;
}

// The partitions of n, greatest parts first, the one of n ones first.
void partitions(int n, int largest, std::vector<int>& parts, std::vector<std::vector<int>>& out) {
    if (n == 0) {
        out.push_back(parts);
        return;
    }
    for (int part = 1; part <= std::min(n, largest); ++part) {
        parts.push_back(part);
        partitions(n - part, part, parts, out);
        parts.pop_back();
    }
}

}  // namespace

std::vector<PermutationClass> conjugacy_classes(const std::vector<Permutation>& generators, std::size_t max_order) {
    if (generators.empty()) throw InputError("conjugacy classes: a group needs at least one generator");
    const Closure group = close_group(generators, generators[0].size(), max_order);
    std::vector<char> classed(group.elements.size(), 0);
    std::vector<PermutationClass> classes;
    std::vector<std::size_t> orbit;
    for (std::size_t k = 0; k < group.elements.size(); ++k) {
        if (classed[k]) continue;
        classed[k] = 1;
        orbit.assign(1, k);
        for (std::size_t at = 0; at < orbit.size(); ++at)
            for (const Permutation& s : generators) {
                const std::size_t j = group.index.at(key_of(conjugate(group.elements[orbit[at]], s)));
                if (!classed[j]) classed[j] = 1, orbit.push_back(j);
            }
        classes.push_back({group.elements[k], Count(orbit.size())});
    }
    return classes;
}

std::vector<PermutationClass> symmetric_group_classes(int n) {
    std::vector<std::vector<int>> types;
    std::vector<int> parts;
    partitions(n, n, parts, types);
    std::vector<PermutationClass> classes;
    for (const auto& type : types) {
        Permutation p(static_cast<std::size_t>(n));
        int start = 0;
        Count centraliser = 1;
        std::map<int, int> cycles_of_length;
        for (int length : type) {
            for (int k = 0; k < length; ++k) p[static_cast<std::size_t>(start + k)] = start + (k + 1) % length;
            start += length;
            centraliser *= Count(static_cast<unsigned>(length));
            centraliser *= Count(static_cast<unsigned>(++cycles_of_length[length]));  // m_k! built up one factor at a time
        }
        classes.push_back({std::move(p), factorial(n) / centraliser});
    }
    return classes;
}

Symmetry grid_symmetry(std::string name, const Permutation& cells, const Permutation& symbols) {
    const std::size_t m = symbols.size();
    Symmetry element{std::move(name), std::vector<OptionId>(cells.size() * m), {}};
    for (std::size_t cell = 0; cell < cells.size(); ++cell)
        for (std::size_t s = 0; s < m; ++s)
            element.options[cell * m + s] =
                static_cast<OptionId>(static_cast<std::size_t>(cells[cell]) * m + static_cast<std::size_t>(symbols[s]));
    return element;
}

std::string cycle_type_text(const Permutation& p) {
    std::map<int, int, std::greater<>> cycles_of_length;
    std::vector<char> seen(p.size(), 0);
    for (std::size_t k = 0; k < p.size(); ++k) {
        if (seen[k]) continue;
        int length = 0;
        for (std::size_t j = k; !seen[j]; j = static_cast<std::size_t>(p[j])) seen[j] = 1, ++length;
        ++cycles_of_length[length];
    }
    std::string text;
    for (const auto& [length, count] : cycles_of_length)
        text += (text.empty() ? "" : " ") + std::to_string(length) + (count > 1 ? "^" + std::to_string(count) : "");
    return text;
}

}  // namespace xcount
