// xcount/symmetry.hpp: a problem's symmetry group, as permutations of options and items.
//
// A model that knows its symmetries (rotations and reflections of a board, the reversal of a
// Langford pairing) hands them over as Symmetry values: where each option goes and where each
// item goes. The engine closes them under composition, checks that every element really is an
// automorphism of the matrix (an option must map onto an option with the mapped items), and
// then uses the group in two ways:
//
//   check:  for every solution S and element g, g fixes S when g(S) == S. Summed over all
//           solutions, Fix(g) gives by Burnside's lemma the number of solutions up to
//           symmetry, sum_g Fix(g) / |G|, which must be an integer.
//   reduce: an item i and its stabiliser H = {g : g(i) = i} (the whole group for the item of
//           a piece; {identity, flip-x} for a row of queens): i's options split into H-orbits,
//           and h maps the solutions holding option o one-to-one onto those holding h(o), so
//           counting below one option per orbit, weighted by the orbit's size, gives the exact
//           total with about |H| times less work.
//           Where no item is fixed by the whole group G, an orbit I of items is (the middle
//           two rows and columns of queens). Every solution S covers I with some options C(S),
//           g maps the solutions with C(S) = c one-to-one onto those with C(S) = g(c), so
//           covering I first and counting below one c per G-orbit, weighted by the orbit's
//           size, gives the total with about |G| times less work.
//
//     Group g = Group::generate(matrix, model_symmetries);
//     std::optional<Reduction> r = reduce(matrix, g);   // nullopt: nothing to reduce by
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "xcount/count.hpp"
#include "xcount/engines.hpp"
#include "xcount/matrix.hpp"
#include "xcount/stop.hpp"

namespace xcount {

struct Symmetry {
    std::string name;
    std::vector<OptionId> options;  // option k goes to options[k]
    std::vector<ItemId> items;      // item i goes to items[i]; empty: derived from the options
};

class Group {
public:
    // The identity, the generators and all their products. A generator without its item map
    // gets the one its option map implies (item i goes to the item whose options are the
    // images of i's options). InputError when an element is not an automorphism of `matrix`,
    // naming the element and the first option it breaks. Stopped when `stop` rises.
    static Group generate(const Matrix& matrix, const std::vector<Symmetry>& generators, const std::atomic<bool>* stop = nullptr);

    std::size_t order() const { return elements_.size(); }
    const Symmetry& element(std::size_t k) const { return elements_[k]; }  // element 0 is the identity
    // Whether the solution is the least of its images under the group (as sorted lists of
    // options): exactly one member of each orbit is (solve --all --distinct writes it alone).
    bool least_in_orbit(std::span<const OptionId> solution) const;

    // Adds 1 to fixed[k] for every element k that maps `solution` onto itself. `mark` is the
    // caller's scratch (one entry per option, zero at first); `stamp` its running counter.
    void count_fixed(std::span<const OptionId> solution, std::span<Count> fixed, std::vector<std::uint32_t>& mark,
                     std::uint32_t& stamp) const;
    // The same for a solution found below a reduction's representative, which stands for its
    // images under the elements h of `transversal` (Reduction::transversal): adds 1 to
    // fixed[h k h^-1] for every such h and every k that maps `solution` onto itself, so that
    // every solution of the orbit is counted once. Needs keep_conjugates() first.
    void count_fixed_below(std::span<const OptionId> solution, std::span<const std::size_t> transversal, std::span<Count> fixed,
                           std::vector<std::uint32_t>& mark, std::uint32_t& stamp) const;
    // Builds the table of h k h^-1 that count_fixed_below reads, unless it would take more
    // than 2^26 steps (order^2 x options); returns whether it is kept. Only a reduced count
    // that finds Fix(g) needs it, so generate() leaves it out.
    bool keep_conjugates();
    bool has_conjugates() const { return !conjugates_.empty(); }

private:
    void mark_solution(std::span<const OptionId> solution, std::vector<std::uint32_t>& mark, std::uint32_t& stamp) const;
    bool maps_onto_marked(std::size_t k, std::span<const OptionId> solution, const std::vector<std::uint32_t>& mark,
                          std::uint32_t stamp) const;

    std::vector<Symmetry> elements_;
    std::vector<std::uint32_t> conjugates_;  // [k * order + h]: the index of h k h^-1
};

// The problem whose solutions are, one for one, the solutions of `matrix` that g maps onto
// themselves: an item per orbit of items under g, and an option per orbit of options whose
// members are pairwise disjoint, holding the orbits of their items (a solution fixed by g is a
// union of such orbits, each covering its items once). Its count is Fix(g), found without
// visiting a solution of `matrix`: an independent check of the Fix(g) a count tallies. The
// symbols of `matrix`, carried to the orbits, are declared there too where every renaming
// still maps its options onto themselves (g keeps the symbols apart: a Latin square's
// transpose), so a merging engine renames them there as well.
// InputError for a matrix with colours or multiplicities.
Matrix fixed_points_matrix(const Matrix& matrix, const Symmetry& g);

// Fix(g) of every element of `group`, in its order: the identity's is `identity` (the
// solutions, as counted), every other one counted on its fixed_points_matrix by the method's
// engine and rule, each within what `stop`'s node budget has left, spending it, and the memo
// engine's tables within `memo_bytes` together (0: default_memo_bytes()). `threads` count
// elements side by side, each with a table of its own. nullopt when `stop` ended the run
// (raised, or its budget spent) before the last of them was complete: a partial list would be
// no check.
std::optional<std::vector<Count>> recount_fixed(const Matrix& matrix, const Group& group, Count identity, const Method& method,
                                                Stop* stop = nullptr, std::size_t memo_bytes = 0, int threads = 1);

// Burnside: the number of solutions up to symmetry, or nullopt when the sum of Fix(g) is not
// a multiple of |G| (which proves a bug somewhere).
std::optional<Count> burnside(std::span<const Count> fixed);

// A group too large to list element by element (a sudoku grid's: relabelling, band, stack, row
// and column permutations), given by its conjugacy classes. Conjugate elements fix equally many
// solutions (h maps the solutions g fixes one for one onto those h g h^-1 fixes), so Burnside's
// sum is each class's size times Fix of one element of it.
struct SymmetryClass {
    Symmetry element;  // one element of the class
    Count size;        // the elements in the class
};
struct ClassedGroup {
    std::string name;                    // what it permutes ("relabelling x rows x columns")
    std::vector<SymmetryClass> classes;  // the identity's first
};

// The model's element checked as Group::generate checks its generators: its item map derived
// where it has none, and InputError unless it is an automorphism of `matrix`.
Symmetry checked_symmetry(const Matrix& matrix, Symmetry element);

// Fix of each class's element, as recount_fixed counts them (the identity's is `identity`),
// each element checked first; nullopt when `stop` ended the run before the last was complete.
// `counted(k)`, where given, hears that k classes are done (from one thread at a time).
std::optional<std::vector<Count>> recount_fixed(const Matrix& matrix, const ClassedGroup& group, Count identity, const Method& method,
                                                Stop* stop = nullptr, std::size_t memo_bytes = 0, int threads = 1,
                                                const std::function<void(std::size_t)>& counted = {});

// Burnside over classes: sum of size times Fix over the classes, divided by the order (the
// sum of the sizes); nullopt when it does not divide, or the lists differ in length.
std::optional<Count> burnside(std::span<const Count> fixed, std::span<const Count> sizes);

// By one item: the matrix with only one option per orbit of `item`, each weighted by its
// orbit's size; and, below a representative r that some symmetries still fix (the X on a
// diagonal of Scott's board), the same again for a second item under r's own stabiliser.
// By an orbit of items: the matrix as it is, the items forced first, and the weight of a
// subproblem found from the options that cover them.
struct Reduction {
    Matrix matrix;                        // the same items; the options of `items[0]` cut to one per orbit
    std::vector<ItemId> items;            // to be chosen at levels 0 and (where second_below says) 1, or the orbit's
    std::size_t orbits = 0;               // = the options of items[0] left
    std::size_t options_before = 0;       // the options items[0] had
    std::vector<std::size_t> stabiliser;  // the elements (indices in the group) fixing items[0]
    std::vector<Count> first_weight;      // per option of `matrix`: its orbit's size (1 for other items)
    std::vector<char> second_below;       // per option of `matrix`: is the second level used below it
    std::map<std::pair<OptionId, OptionId>, Count> second_weight;  // (r, s): orbit size, 0 if not s's orbit's representative
    std::vector<OptionId> original;                                // by one item: per option of `matrix`, its id in the problem's
    std::vector<char> covers_orbit;                                // by an orbit: per option, does it hold one of `items`
    std::vector<std::vector<OptionId>> images;                     // the option maps of the group but the identity (see counts_fixed)

    bool by_orbit() const { return !covers_orbit.empty(); }
    // The weight of the subproblem below `prefix` (options of `matrix`): 0 drops it.
    Count weight(std::span<const OptionId> prefix) const;
    // Whether the whole group acts on the representatives (an orbit, or one item fixed by
    // every element), so that Fix(g) can be counted below them (Group::count_fixed_below).
    bool counts_fixed() const { return !images.empty(); }
    // Below `prefix` (of weight w > 0): the w elements of the group, as indices, that take its
    // representative to each member of the representative's orbit once, the identity first.
    std::vector<std::size_t> transversal(std::span<const OptionId> prefix) const;
    // A solution's options in the problem's own ids.
    OptionId original_id(OptionId o) const { return original.empty() ? o : original[static_cast<std::size_t>(o)]; }

private:
    // The representative below `prefix`, in the problem's ids, sorted: the options covering
    // the orbit, or the options of the one or two reduced items.
    std::vector<OptionId> representative(std::span<const OptionId> prefix) const;
    // The orbit's size when the options covering `items` are the least of their orbit, else 0.
    Count orbit_weight(std::span<const OptionId> prefix) const;
};

// Picks the primary item with the largest stabiliser (of order 2 at least), then the fewest
// orbits (the fewest subtrees to search), then the most options; nullopt when every item's
// stabiliser is trivial. For pentominoes that is the X (fixed by the whole group, fewest
// placements), as in Knuth's classic reduction of Scott's problem. When no item is fixed by
// the whole group, the smallest orbit of items (of up to 8, then the fewest options) instead.
std::optional<Reduction> reduce(const Matrix& matrix, const Group& group);

}  // namespace xcount
