#include "xcount/symmetry.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>

#include "xcount/engines.hpp"

namespace xcount {

namespace {

std::string describe(const Matrix& m, OptionId o) {
    std::string text = "option " + std::to_string(o) + " (";
    const auto items = m.option(o);
    for (std::size_t k = 0; k < items.size(); ++k) text += (k ? " " : "") + m.item_text(o, k);
    return text + ")";
}

template <class T>
bool is_permutation_of_range(const std::vector<T>& map) {
    std::vector<char> seen(map.size(), 0);
    for (T v : map) {
        if (v < 0 || static_cast<std::size_t>(v) >= map.size() || seen[static_cast<std::size_t>(v)]) return false;
        seen[static_cast<std::size_t>(v)] = 1;
    }
    return true;
}

void check_automorphism(const Matrix& m, const Symmetry& g, const std::atomic<bool>* stop) {
    const std::string who = "symmetry " + quote_name(g.name) + " ";
    if (g.items.size() != m.item_count() || !is_permutation_of_range(g.items))
        throw InputError(who + "does not permute the " + std::to_string(m.item_count()) + " items");
    if (g.options.size() != m.option_count() || !is_permutation_of_range(g.options))
        throw InputError(who + "does not permute the " + std::to_string(m.option_count()) + " options");
    for (std::size_t i = 0; i < m.item_count(); ++i)
        if (m.is_primary(static_cast<ItemId>(i)) != m.is_primary(g.items[i]))
            throw InputError(who + "maps primary and secondary items onto each other (item " +
                             quote_name(m.item(static_cast<ItemId>(i)).name) + ")");
    for (std::size_t i = 0; i < m.item_count(); ++i)
        if (m.item_bounds(static_cast<ItemId>(i)) != m.item_bounds(g.items[i]))
            throw InputError(who + "maps items of different multiplicities onto each other (item " +
                             quote_name(m.item(static_cast<ItemId>(i)).name) + ")");
    // Each option's items with their colours (0 where none): an image must give each item's
    // image the same colour, or a solution could go to a set of options that is none.
    const auto coloured_items = [&m](OptionId o, const std::vector<ItemId>* through, std::vector<std::pair<ItemId, ColourId>>& out) {
        const auto items = m.option(o);
        const auto colours = m.option_colours(o);
        out.clear();
        for (std::size_t k = 0; k < items.size(); ++k)
            out.emplace_back(through ? (*through)[static_cast<std::size_t>(items[k])] : items[k], colours.empty() ? 0 : colours[k]);
        std::sort(out.begin(), out.end());
    };
    std::vector<std::pair<ItemId, ColourId>> mapped, target;
    for (std::size_t k = 0; k < m.option_count(); ++k) {
        if (k % 65536 == 0) throw_if_stopped(stop);  // a million options take a tenth of a second
        const auto o = static_cast<OptionId>(k);
        coloured_items(o, &g.items, mapped);
        coloured_items(g.options[k], nullptr, target);
        if (mapped != target) throw InputError(who + "is not an automorphism: " + describe(m, o) + " goes to " + describe(m, g.options[k]));
    }
}

// Item i goes to the item whose options are exactly the images of i's options.
std::vector<ItemId> derive_items(const Matrix& m, const Symmetry& g) {
    if (g.options.size() != m.option_count() || !is_permutation_of_range(g.options))
        throw InputError("symmetry " + quote_name(g.name) + " does not permute the " + std::to_string(m.option_count()) + " options");
    std::vector<std::vector<OptionId>> options_of(m.item_count());
    for (std::size_t k = 0; k < m.option_count(); ++k)
        for (ItemId i : m.option(static_cast<OptionId>(k))) options_of[static_cast<std::size_t>(i)].push_back(static_cast<OptionId>(k));
    std::map<std::vector<OptionId>, std::vector<ItemId>> by_options;  // items with those options, to hand out in order
    for (std::size_t i = m.item_count(); i-- > 0;) by_options[options_of[i]].push_back(static_cast<ItemId>(i));
    std::vector<ItemId> items(m.item_count());
    for (std::size_t i = 0; i < m.item_count(); ++i) {
        std::vector<OptionId> image;
        for (OptionId o : options_of[i]) image.push_back(g.options[static_cast<std::size_t>(o)]);
        std::sort(image.begin(), image.end());
        auto it = by_options.find(image);
        if (it == by_options.end() || it->second.empty())
            throw InputError("symmetry " + quote_name(g.name) + " is not an automorphism: no item has the images of the options of item " +
                             quote_name(m.item(static_cast<ItemId>(i)).name));
        items[i] = it->second.back();
        it->second.pop_back();
    }
    return items;
}

Symmetry compose(const Symmetry& a, const Symmetry& b) {  // first b, then a
    Symmetry c{b.name + "*" + a.name, std::vector<OptionId>(b.options.size()), std::vector<ItemId>(b.items.size())};
    for (std::size_t k = 0; k < b.options.size(); ++k) c.options[k] = a.options[static_cast<std::size_t>(b.options[k])];
    for (std::size_t i = 0; i < b.items.size(); ++i) c.items[i] = a.items[static_cast<std::size_t>(b.items[i])];
    return c;
}

}  // namespace

Group Group::generate(const Matrix& matrix, const std::vector<Symmetry>& generators, const std::atomic<bool>* stop) {
    Group group;
    Symmetry identity{"identity", std::vector<OptionId>(matrix.option_count()), std::vector<ItemId>(matrix.item_count())};
    std::iota(identity.options.begin(), identity.options.end(), 0);
    std::iota(identity.items.begin(), identity.items.end(), 0);
    std::vector<Symmetry> complete = generators;
    for (Symmetry& g : complete) {
        throw_if_stopped(stop);
        if (g.items.empty()) g.items = derive_items(matrix, g);
        check_automorphism(matrix, g, stop);
    }
    std::set<std::vector<OptionId>> known;
    auto add = [&](Symmetry s) {
        if (!known.insert(s.options).second) return false;
        group.elements_.push_back(std::move(s));
        return true;
    };
    add(identity);
    for (const Symmetry& g : complete) add(g);
    constexpr std::size_t kMaxOrder = 100000;
    for (std::size_t k = 0; k < group.elements_.size(); ++k)  // the list grows while we walk it
        for (const Symmetry& g : complete) {
            throw_if_stopped(stop);
            add(compose(g, group.elements_[k]));
            if (group.elements_.size() > kMaxOrder) throw InputError("the symmetry group has more than 100000 elements");
        }
    return group;
}

bool Group::keep_conjugates() {
    constexpr std::size_t kMostConjugateEntries = std::size_t{1} << 26;
    const std::size_t n = elements_.size(), options = elements_[0].options.size();
    if (has_conjugates() || n * n * options > kMostConjugateEntries) return has_conjugates();
    std::map<std::vector<OptionId>, std::uint32_t> index;
    for (std::size_t k = 0; k < n; ++k) index.emplace(elements_[k].options, static_cast<std::uint32_t>(k));
    std::vector<std::uint32_t> table(n * n);
    std::vector<OptionId> inverse(options), image(options);
    for (std::size_t h = 0; h < n; ++h) {
        const auto& to = elements_[h].options;
        for (std::size_t o = 0; o < options; ++o) inverse[static_cast<std::size_t>(to[o])] = static_cast<OptionId>(o);
        for (std::size_t k = 0; k < n; ++k) {
            const auto& by = elements_[k].options;
            for (std::size_t o = 0; o < options; ++o) image[o] = to[static_cast<std::size_t>(by[static_cast<std::size_t>(inverse[o])])];
            table[k * n + h] = index.at(image);
        }
    }
    conjugates_ = std::move(table);
    return true;
}

void Group::mark_solution(std::span<const OptionId> solution, std::vector<std::uint32_t>& mark, std::uint32_t& stamp) const {
    if (++stamp == 0) {  // wrapped: start the marks afresh
        std::fill(mark.begin(), mark.end(), 0);
        stamp = 1;
    }
    for (OptionId o : solution) mark[static_cast<std::size_t>(o)] = stamp;
}

bool Group::maps_onto_marked(std::size_t k, std::span<const OptionId> solution, const std::vector<std::uint32_t>& mark,
                             std::uint32_t stamp) const {
    const auto& to = elements_[k].options;
    std::size_t j = 0;
    while (j < solution.size() && mark[static_cast<std::size_t>(to[static_cast<std::size_t>(solution[j])])] == stamp) ++j;
    return j == solution.size();
}

void Group::count_fixed(std::span<const OptionId> solution, std::span<Count> fixed, std::vector<std::uint32_t>& mark,
                        std::uint32_t& stamp) const {
    mark_solution(solution, mark, stamp);
    fixed[0] += 1;  // the identity
    for (std::size_t k = 1; k < elements_.size(); ++k)
        if (maps_onto_marked(k, solution, mark, stamp)) fixed[k] += 1;
}

void Group::count_fixed_below(std::span<const OptionId> solution, std::span<const std::size_t> transversal, std::span<Count> fixed,
                              std::vector<std::uint32_t>& mark, std::uint32_t& stamp) const {
    mark_solution(solution, mark, stamp);
    fixed[0] += transversal.size();  // h 1 h^-1 = 1
    for (std::size_t k = 1; k < elements_.size(); ++k)
        if (maps_onto_marked(k, solution, mark, stamp))
            for (std::size_t h : transversal) fixed[conjugates_[k * elements_.size() + h]] += 1;
}

namespace {

// The symbols' slots carried to the orbits of items: a slot where symbol 0's item meets an
// orbit for the first time. Where g commutes with the renamings these are the fixed problem's
// symbols; with_symbols checks it, so no assumption about g is made.
SymbolSet symbols_through_orbits(const SymbolSet& symbols, const std::vector<ItemId>& orbit_of) {
    std::vector<std::size_t> slots;
    std::vector<char> met(orbit_of.size(), 0);
    for (std::size_t j = 0; j < symbols[0].size(); ++j)
        if (!met[static_cast<std::size_t>(orbit_of[static_cast<std::size_t>(symbols[0][j])])]++) slots.push_back(j);
    SymbolSet carried(symbols.size());
    for (std::size_t k = 0; k < symbols.size(); ++k)
        for (std::size_t j : slots) carried[k].push_back(orbit_of[static_cast<std::size_t>(symbols[k][j])]);
    return carried;
}

}  // namespace

Matrix fixed_points_matrix(const Matrix& matrix, const Symmetry& g) {
    if (matrix.has_colours() || matrix.has_multiplicities())
        throw InputError("the problem fixed by a symmetry is built for matrices without colours or multiplicities");
    MatrixBuilder b;
    std::vector<ItemId> orbit_of(matrix.item_count(), -1);  // an item's orbit, as an item of the new matrix
    for (ItemId i = 0; i < static_cast<ItemId>(matrix.item_count()); ++i) {
        if (orbit_of[static_cast<std::size_t>(i)] >= 0) continue;
        const ItemId orbit = b.add_item(matrix.item(i).name, matrix.item(i).kind);
        for (ItemId j = i; orbit_of[static_cast<std::size_t>(j)] < 0; j = g.items[static_cast<std::size_t>(j)])
            orbit_of[static_cast<std::size_t>(j)] = orbit;
    }
    std::vector<char> seen(matrix.option_count(), 0), held(matrix.item_count(), 0);
    std::vector<ItemId> members_items, orbits;
    for (OptionId o = 0; o < static_cast<OptionId>(matrix.option_count()); ++o) {
        if (seen[static_cast<std::size_t>(o)]) continue;
        members_items.clear();
        bool disjoint = true;
        for (OptionId p = o; !seen[static_cast<std::size_t>(p)]; p = g.options[static_cast<std::size_t>(p)]) {
            seen[static_cast<std::size_t>(p)] = 1;
            for (ItemId i : matrix.option(p)) {
                disjoint = disjoint && !held[static_cast<std::size_t>(i)];
                held[static_cast<std::size_t>(i)] = 1;
                members_items.push_back(i);
            }
        }
        for (ItemId i : members_items) held[static_cast<std::size_t>(i)] = 0;
        if (!disjoint) continue;  // no solution fixed by g holds two members that meet
        orbits.clear();
        for (ItemId i : members_items) orbits.push_back(orbit_of[static_cast<std::size_t>(i)]);
        std::sort(orbits.begin(), orbits.end());
        orbits.erase(std::unique(orbits.begin(), orbits.end()), orbits.end());
        b.add_option(orbits);
    }
    // The scan rule takes each orbit where the problem's scan order meets its first member.
    std::vector<ItemId> scan;
    std::vector<char> placed(matrix.item_count(), 0);
    for (ItemId i : matrix.scan_order())
        if (const ItemId orbit = orbit_of[static_cast<std::size_t>(i)]; !placed[static_cast<std::size_t>(orbit)])
            placed[static_cast<std::size_t>(orbit)] = 1, scan.push_back(orbit);
    b.set_scan_order(std::move(scan));
    Matrix fixed = std::move(b).build();
    for (const SymbolSet& symbols : matrix.symbol_sets()) try {
            fixed = with_symbols(fixed, symbols_through_orbits(symbols, orbit_of));
        } catch (const MatrixError&) {
            // g moves these symbols among themselves: its problem renames them not
        }
    return fixed;
}

std::optional<Count> burnside(std::span<const Count> fixed) {
    Count sum = 0;
    for (const Count& f : fixed) sum += f;
    if (fixed.empty() || sum % fixed.size() != 0) return std::nullopt;
    return sum / fixed.size();
}

namespace {

// The smallest orbit of primary items under the whole group, then the fewest options, then
// the one holding the earliest item: a model lists first the items it is best to branch on
// (queens: the middle rows and columns, whose orbit searches 1.7 times fewer nodes on 16
// queens than the border's). Empty when none is small enough to force.
std::vector<ItemId> smallest_item_orbit(const Matrix& matrix, const Group& group, const std::vector<std::vector<OptionId>>& options_of) {
    constexpr std::size_t kMostForced = 8;
    std::vector<char> seen(matrix.item_count(), 0);
    std::vector<ItemId> best;
    std::size_t best_options = 0;
    for (std::size_t i = 0; i < matrix.item_count(); ++i) {
        const auto id = static_cast<ItemId>(i);
        if (seen[i] || !matrix.is_primary(id) || options_of[i].empty()) continue;
        std::vector<ItemId> orbit;
        for (std::size_t k = 0; k < group.order(); ++k) {
            const ItemId image = group.element(k).items[i];
            if (!seen[static_cast<std::size_t>(image)]) seen[static_cast<std::size_t>(image)] = 1, orbit.push_back(image);
        }
        std::size_t options = 0;
        for (ItemId item : orbit) options += options_of[static_cast<std::size_t>(item)].size();
        if (orbit.size() > kMostForced) continue;
        if (best.empty() || orbit.size() < best.size() || (orbit.size() == best.size() && options < best_options)) {
            std::sort(orbit.begin(), orbit.end());
            best = std::move(orbit), best_options = options;
        }
    }
    return best;
}

// The reduction by an orbit of items: they are forced first, and of the ways to cover them
// one per orbit of the whole group is searched, weighted by the orbit's size.
Reduction reduce_by_orbit(const Matrix& matrix, const Group& group, std::vector<ItemId> orbit) {
    Reduction r;
    r.matrix = matrix;
    r.items = std::move(orbit);
    r.covers_orbit.assign(matrix.option_count(), 0);
    for (std::size_t k = 0; k < matrix.option_count(); ++k)
        for (ItemId i : matrix.option(static_cast<OptionId>(k)))
            if (std::binary_search(r.items.begin(), r.items.end(), i)) r.covers_orbit[k] = 1;
    for (std::size_t k = 0; k < group.order(); ++k) r.stabiliser.push_back(k);
    for (std::size_t k = 1; k < group.order(); ++k) r.images.push_back(group.element(k).options);
    return r;
}

}  // namespace

namespace {

using OptionsByItem = std::vector<std::vector<OptionId>>;

OptionsByItem options_by_item(const Matrix& matrix) {
    OptionsByItem options_of(matrix.item_count());
    for (std::size_t k = 0; k < matrix.option_count(); ++k)
        for (ItemId i : matrix.option(static_cast<OptionId>(k)))
            options_of[static_cast<std::size_t>(i)].push_back(static_cast<OptionId>(k));
    return options_of;
}

// The orbits of an item's options under a subgroup: orbit_size[o] for a representative o, 0 for
// the rest.
std::vector<Count> orbit_sizes(const Group& group, std::span<const OptionId> item_options, const std::vector<std::size_t>& subgroup,
                               std::size_t option_count) {
    std::vector<Count> orbit_size(option_count, 0);
    std::vector<char> seen(option_count, 0);
    for (OptionId o : item_options) {
        if (seen[static_cast<std::size_t>(o)]) continue;
        Count size = 0;
        for (std::size_t k : subgroup) {
            const auto image = static_cast<std::size_t>(group.element(k).options[static_cast<std::size_t>(o)]);
            if (!seen[image]) seen[image] = 1, ++size;
        }
        orbit_size[static_cast<std::size_t>(o)] = size;
    }
    return orbit_size;
}

// The item a reduction forces first: the largest stabiliser, then the fewest subtrees, then the
// most options folded.
struct FixedItem {
    std::size_t item = 0;
    std::vector<std::size_t> stabiliser;
    std::size_t orbits = 0, options = 0;
};

std::optional<FixedItem> best_fixed_item(const Matrix& matrix, const Group& group, const OptionsByItem& options_of) {
    std::optional<FixedItem> best;
    for (std::size_t i = 0; i < matrix.item_count(); ++i) {
        if (!matrix.is_primary(static_cast<ItemId>(i)) || options_of[i].empty()) continue;
        std::vector<std::size_t> stabiliser;
        for (std::size_t k = 0; k < group.order(); ++k)
            if (group.element(k).items[i] == static_cast<ItemId>(i)) stabiliser.push_back(k);
        if (stabiliser.size() < 2) continue;
        const auto sizes = orbit_sizes(group, options_of[i], stabiliser, matrix.option_count());
        const auto orbits = static_cast<std::size_t>(std::count_if(sizes.begin(), sizes.end(), [](Count c) { return c != 0; }));
        const std::size_t options = options_of[i].size();
        const std::size_t order = best ? best->stabiliser.size() : 0;
        const bool better = !best || stabiliser.size() > order ||
                            (stabiliser.size() == order && (orbits < best->orbits || (orbits == best->orbits && options > best->options)));
        if (better) best = FixedItem{i, std::move(stabiliser), orbits, options};
    }
    return best;
}

// The second level: an item fixed by the whole stabiliser (fewest options), reduced below each
// representative whose own stabiliser is not trivial and which does not hold it. Its weights per
// (representative, option of the second item), in the matrix's own ids; `second_below` marks
// those representatives.
struct SecondLevel {
    std::optional<std::size_t> item;
    std::map<std::pair<OptionId, OptionId>, Count> weight;
    std::vector<char> second_below;
};

SecondLevel second_level(const Matrix& matrix, const Group& group, const OptionsByItem& options_of, const FixedItem& first,
                         const std::vector<Count>& orbit_size) {
    SecondLevel level;
    level.second_below.assign(matrix.option_count(), 0);
    for (std::size_t i = 0; i < matrix.item_count(); ++i) {
        if (i == first.item || !matrix.is_primary(static_cast<ItemId>(i)) || options_of[i].empty()) continue;
        const bool fixed = std::all_of(first.stabiliser.begin(), first.stabiliser.end(),
                                       [&](std::size_t k) { return group.element(k).items[i] == static_cast<ItemId>(i); });
        if (fixed && (!level.item || options_of[i].size() < options_of[*level.item].size())) level.item = i;
    }
    if (!level.item) return level;
    for (OptionId rep : options_of[first.item]) {
        const auto ri = static_cast<std::size_t>(rep);
        if (orbit_size[ri] == 0) continue;
        const auto items = matrix.option(rep);
        if (std::find(items.begin(), items.end(), static_cast<ItemId>(*level.item)) != items.end()) continue;
        std::vector<std::size_t> own;  // the stabiliser of rep
        for (std::size_t k : first.stabiliser)
            if (group.element(k).options[ri] == rep) own.push_back(k);
        if (own.size() < 2) continue;
        level.second_below[ri] = 1;
        const auto sizes = orbit_sizes(group, options_of[*level.item], own, matrix.option_count());
        for (OptionId s : options_of[*level.item]) level.weight[{rep, s}] = sizes[static_cast<std::size_t>(s)];
    }
    return level;
}

// The reduced matrix: every option but the first item's non-representatives, with the weights.
void build_reduced(const Matrix& matrix, const OptionsByItem& options_of, const FixedItem& first, const std::vector<Count>& orbit_size,
                   const SecondLevel& second, Reduction& r) {
    std::vector<char> is_item_option(matrix.option_count(), 0);
    for (OptionId o : options_of[first.item]) is_item_option[static_cast<std::size_t>(o)] = 1;
    std::vector<OptionId> reduced_id(matrix.option_count(), -1);
    MatrixBuilder b;
    for (std::size_t i = 0; i < matrix.item_count(); ++i)
        b.add_item(matrix.item(static_cast<ItemId>(i)).name, matrix.item(static_cast<ItemId>(i)).kind);
    for (std::size_t k = 0; k < matrix.option_count(); ++k) {
        if (is_item_option[k] && orbit_size[k] == 0) continue;  // not its orbit's representative
        reduced_id[k] = *b.add_option(matrix.option(static_cast<OptionId>(k)));
        r.original.push_back(static_cast<OptionId>(k));
        r.first_weight.push_back(is_item_option[k] ? orbit_size[k] : 1);
        r.second_below.push_back(second.second_below[k]);
    }
    for (const auto& [pair, weight] : second.weight)
        r.second_weight[{reduced_id[static_cast<std::size_t>(pair.first)], reduced_id[static_cast<std::size_t>(pair.second)]}] = weight;
    b.set_scan_order(matrix.scan_order());
    r.matrix = std::move(b).build();
}

}  // namespace

std::optional<Reduction> reduce(const Matrix& matrix, const Group& group) {
    if (matrix.has_colours()) throw InputError("symmetry reduction does not take a matrix with colours");
    const OptionsByItem options_of = options_by_item(matrix);
    const std::optional<FixedItem> best = best_fixed_item(matrix, group, options_of);
    const std::size_t best_order = best ? best->stabiliser.size() : 0;
    // No item fixed by the whole group (a row of queens is fixed by 2 of the 8): an orbit of
    // items is, and reduces by the whole group, when the group's maps are not too many to keep.
    constexpr std::size_t kMostImageEntries = std::size_t{1} << 24;
    const bool images_fit = group.order() * matrix.option_count() <= kMostImageEntries && !matrix.has_multiplicities();
    if (group.order() > std::max<std::size_t>(best_order, 1) && images_fit)
        if (auto orbit = smallest_item_orbit(matrix, group, options_of); !orbit.empty())
            return reduce_by_orbit(matrix, group, std::move(orbit));
    if (!best) return std::nullopt;

    Reduction r;
    r.items.push_back(static_cast<ItemId>(best->item));
    r.options_before = best->options;
    r.orbits = best->orbits;
    r.stabiliser = best->stabiliser;
    const auto orbit_size = orbit_sizes(group, options_of[best->item], best->stabiliser, matrix.option_count());
    const SecondLevel second = second_level(matrix, group, options_of, *best, orbit_size);
    if (!second.weight.empty()) r.items.push_back(static_cast<ItemId>(*second.item));
    build_reduced(matrix, options_of, *best, orbit_size, second, r);
    if (best_order == group.order() && images_fit)
        for (std::size_t k = 1; k < group.order(); ++k) r.images.push_back(group.element(k).options);
    return r;
}

std::vector<OptionId> Reduction::representative(std::span<const OptionId> prefix) const {
    std::vector<OptionId> options;
    if (by_orbit()) {
        for (std::size_t level = 0; level < std::min(prefix.size(), items.size()); ++level)
            if (covers_orbit[static_cast<std::size_t>(prefix[level])]) options.push_back(prefix[level]);
    } else if (!prefix.empty()) {
        options.push_back(original_id(prefix[0]));
        if (prefix.size() >= 2 && second_below[static_cast<std::size_t>(prefix[0])]) options.push_back(original_id(prefix[1]));
    }
    std::sort(options.begin(), options.end());
    return options;
}

std::vector<std::size_t> Reduction::transversal(std::span<const OptionId> prefix) const {
    const std::vector<OptionId> first = representative(prefix);
    std::set<std::vector<OptionId>> seen{first};
    std::vector<std::size_t> elements{0};
    std::vector<OptionId> image(first.size());
    for (std::size_t k = 0; k < images.size(); ++k) {
        for (std::size_t j = 0; j < first.size(); ++j) image[j] = images[k][static_cast<std::size_t>(first[j])];
        std::sort(image.begin(), image.end());
        if (seen.insert(image).second) elements.push_back(k + 1);
    }
    return elements;
}

Count Reduction::orbit_weight(std::span<const OptionId> prefix) const {
    const std::vector<OptionId> cover = representative(prefix);
    Count fixing = 1;  // the identity
    std::vector<OptionId> image(cover.size());
    for (const auto& to : images) {
        for (std::size_t k = 0; k < cover.size(); ++k) image[k] = to[static_cast<std::size_t>(cover[k])];
        std::sort(image.begin(), image.end());
        if (image < cover) return 0;  // another member of the orbit stands for it
        if (image == cover) ++fixing;
    }
    return static_cast<Count>(images.size() + 1) / fixing;
}

bool Group::least_in_orbit(std::span<const OptionId> solution) const {
    std::vector<OptionId> mine(solution.begin(), solution.end()), image;
    std::sort(mine.begin(), mine.end());
    for (std::size_t g = 1; g < order(); ++g) {
        image.clear();
        for (OptionId o : mine) image.push_back(element(g).options[o]);
        std::sort(image.begin(), image.end());
        if (image < mine) return false;
    }
    return true;
}

Count Reduction::weight(std::span<const OptionId> prefix) const {
    if (by_orbit()) return orbit_weight(prefix);
    if (prefix.empty()) return 1;
    const auto first = static_cast<std::size_t>(prefix[0]);
    Count w = first_weight[first];
    if (prefix.size() >= 2 && second_below[first]) {
        const auto it = second_weight.find({prefix[0], prefix[1]});
        if (it == second_weight.end()) throw std::logic_error("Reduction::weight: level 1 is not the second item");
        w *= it->second;
    }
    return w;
}

namespace {

// The engine that counts the problem an element fixes: the count's, except that where the
// count was by layers and that problem's windows are too wide to key, it merges by memo.
Method fixed_problem_method(const Method& method, const Matrix& problem) {
    if (method.engine == EngineKind::frontier && (!Frontier::fits(problem) || Frontier(problem).widest_window() > Frontier::kMaxWindow))
        return Method{EngineKind::memo, Choice{ChooseRule::scan, 0}};
    return method;
}

// Fix(g) for g = element(1), ..., element(order - 1), after the identity's.
template <class Element>
std::optional<std::vector<Count>> recount_each(const Matrix& matrix, std::size_t order, Element element, Count identity,
                                               const Method& method, Stop* stop, std::size_t memo_bytes, int threads,
                                               const std::function<void(std::size_t)>& counted = {}) {
    threads = std::max(threads, 1);
    // Each thread counts with a table of its own: together within the bound of one.
    const std::size_t bytes_each = (memo_bytes == 0 ? default_memo_bytes() : memo_bytes) / static_cast<std::size_t>(threads);
    std::vector<Count> fixed(order);
    fixed[0] = identity;
    std::atomic<bool> incomplete{false};
    std::exception_ptr failure;
    std::size_t done = 1;
    const auto elements = static_cast<std::int64_t>(order);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
    for (std::int64_t k = 1; k < elements; ++k) {
        if (incomplete.load(std::memory_order_relaxed) || (stop && stop->ends_run())) {
            incomplete = true;
            continue;
        }
        try {
            const Matrix problem = fixed_points_matrix(matrix, element(static_cast<std::size_t>(k)));
            const Limits limits{.stop = stop ? stop->flag() : nullptr, .max_nodes = stop ? stop->slice(0) : 0};
            const SearchStats s =
                with_engine_within(fixed_problem_method(method, problem), problem, bytes_each, [&](auto& e) { return e.count(limits); });
            if (stop) stop->spend(s.nodes);
            if (!s.complete) {
                incomplete = true;
                continue;
            }
            fixed[static_cast<std::size_t>(k)] = s.solutions;
#pragma omp critical(xcount_recount_done)
            if (counted) counted(++done);
        } catch (...) {
#pragma omp critical(xcount_recount_failure)
            failure = std::current_exception();
            incomplete = true;
        }
    }
    if (failure) std::rethrow_exception(failure);
    if (incomplete) return std::nullopt;
    return fixed;
}

}  // namespace

std::optional<std::vector<Count>> recount_fixed(const Matrix& matrix, const Group& group, Count identity, const Method& method, Stop* stop,
                                                std::size_t memo_bytes, int threads) {
    return recount_each(
        matrix, group.order(), [&](std::size_t k) -> const Symmetry& { return group.element(k); }, identity, method, stop, memo_bytes,
        threads);
}

Symmetry checked_symmetry(const Matrix& matrix, Symmetry element) {
    if (element.items.empty()) element.items = derive_items(matrix, element);
    check_automorphism(matrix, element, nullptr);
    return element;
}

std::optional<std::vector<Count>> recount_fixed(const Matrix& matrix, const ClassedGroup& group, Count identity, const Method& method,
                                                Stop* stop, std::size_t memo_bytes, int threads,
                                                const std::function<void(std::size_t)>& counted) {
    return recount_each(
        matrix, group.classes.size(), [&](std::size_t k) { return checked_symmetry(matrix, group.classes[k].element); }, identity, method,
        stop, memo_bytes, threads, counted);
}

std::optional<Count> burnside(std::span<const Count> fixed, std::span<const Count> sizes) {
    if (fixed.empty() || fixed.size() != sizes.size()) return std::nullopt;
    Count sum = 0, order = 0;
    for (std::size_t k = 0; k < fixed.size(); ++k) {
        sum += sizes[k] * fixed[k];
        order += sizes[k];
    }
    if (sum % order != 0) return std::nullopt;
    return sum / order;
}

}  // namespace xcount
