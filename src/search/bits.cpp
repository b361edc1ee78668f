#include "xcount/bits.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "xcount/error.hpp"
#include "xcount/hash.hpp"

namespace xcount {

template <std::size_t Words>
const Matrix& BitsOf<Words>::checked(const Matrix& matrix) {
    require_no_colours(matrix, "bits");
    if (!fits(matrix))
        throw InputError(matrix.item_count() > kMaxItems
                             ? "the bits engine takes up to " + std::to_string(kMaxItems) + " items; this matrix has " +
                                   std::to_string(matrix.item_count()) + " (use --engine dlx or cells)"
                             : "the bits engine takes up to " + std::to_string(kMaxPrimary) + " primary items; this matrix has " +
                                   std::to_string(matrix.primary_count()) + " (use --engine dlx or cells)");
    return matrix;
}

template <std::size_t Words>
BitsOf<Words>::BitsOf(const Matrix& matrix) : Skeleton(matrix), layout_(checked(matrix)) {
    const std::size_t n = matrix.option_count();
    masks_.resize(n);
    cost_.resize(n);
    // Each option's primary bits, prim[first[o] .. first[o + 1]): construction only.
    std::vector<std::uint8_t> prim;
    std::vector<std::size_t> first(n + 1, 0);
    for (std::size_t o = 0; o < n; ++o) {
        const auto items = matrix.option(static_cast<OptionId>(o));
        cost_[o] = static_cast<std::uint32_t>(items.size()) - 1;
        first[o] = prim.size();
        for (ItemId item : items) {
            const Id bit = layout_.bit_of_item[static_cast<std::size_t>(item)];
            masks_[o].set(bit);
            if (bit < layout_.primary) prim.push_back(static_cast<std::uint8_t>(bit));
        }
    }
    first[n] = prim.size();
    uniform_cost_ = n == 0 ? 0 : cost_[0];
    for (std::size_t o = 0; o < n; ++o)
        if (cost_[o] != uniform_cost_) uniform_cost_ = kMixedCosts;
    // Each option's primary bits as a row of row_width_ bytes, padded with the spare counter.
    row_width_ = 1;
    for (std::size_t o = 0; o < n; ++o) row_width_ = std::max(row_width_, first[o + 1] - first[o]);
    rows_.assign(n * row_width_, static_cast<std::uint8_t>(layout_.primary));
    for (std::size_t o = 0; o < n; ++o)
        std::copy(prim.begin() + static_cast<long>(first[o]), prim.begin() + static_cast<long>(first[o + 1]),
                  rows_.begin() + static_cast<long>(o * row_width_));
    // The options of each primary bit, in option order (a CSR table).
    column_begin_.assign(layout_.primary + 2, 0);
    for (std::uint8_t bit : prim) ++column_begin_[bit + 2];
    for (std::size_t b = 2; b < column_begin_.size(); ++b) column_begin_[b] += column_begin_[b - 1];
    column_.resize(prim.size());
    for (std::size_t o = 0; o < n; ++o)
        for (std::size_t k = first[o]; k < first[o + 1]; ++k) column_[column_begin_[prim[k] + 1]++] = static_cast<Id>(o);
    const std::size_t levels = layout_.primary + 2;
    levels_.assign(levels, Level{});
    chosen_.assign(levels, 0);
    counts_.assign(levels * (layout_.primary + 1), 0);
    live_.resize(n * 4 + 64);
    options_.resize(n + 64);
    gone_.resize(n);
    for (std::size_t o = 0; o < n; ++o) {
        live_[o] = static_cast<Id>(o);
        for (std::size_t k = first[o]; k < first[o + 1]; ++k) ++counts_[prim[k]];
    }
    levels_[0].begin = 0;
    levels_[0].end = n;
    solution_.reserve(levels);
}

// Writes the options of from[0, count) that `fits` accepts to out, in order, and adds their
// costs to `cost` when Weigh; returns how many. Branch-free: every option is written, the hits kept.
template <std::size_t Words>
template <bool Weigh, class Fits>
std::size_t BitsOf<Words>::select(const Id* from, std::size_t count, Id* out, std::uint64_t& cost, Fits fits) const {
    std::size_t n = 0;
    for (std::size_t k = 0; k < count; ++k) {
        const Id o = from[k];
        const bool hit = fits(o);
        out[n] = o;
        n += hit;
        if constexpr (Weigh) cost += hit ? cost_[o] : 0;
    }
    return n;
}

template <std::size_t Words>
std::uint64_t BitsOf<Words>::open(int level, Id best) {
    const auto l = static_cast<std::size_t>(level);
    Level& at = levels_[l];
    const std::size_t size = at.end - at.begin;
    const std::size_t first = level == 0 ? 0 : levels_[l - 1].last;  // above the parent's
    if (first + size > options_.size()) options_.resize(std::max(options_.size() * 2, first + size));
    Mask item;
    item.set(best);
    const Mask* const masks = masks_.data();
    const Mask covered = at.covered;
    Id* const out = options_.data() + first;
    // best's live options, in option order: from its column (those clear of the covered items)
    // or from the level's list (those holding best), whichever is shorter.
    const std::size_t column = column_begin_[best + 1] - column_begin_[best];
    const bool from_column = column < size;
    const Id* const from = from_column ? column_.data() + column_begin_[best] : live_.data() + at.begin;
    const std::size_t count = from_column ? column : size;
    // Both ways, a hit holds best and no covered item (on the list every option is clear of the
    // covered items; in the column every option holds best).
    const Mask sight = covered | item;
    const auto fits = [&](Id o) { return masks[o].seen_through(sight) == item; };
    std::uint64_t cost = 0;
    const std::size_t n =
        uniform_cost_ != kMixedCosts ? select<false>(from, count, out, cost, fits) : select<true>(from, count, out, cost, fits);
    if (uniform_cost_ != kMixedCosts) cost = n * uniform_cost_;
    at.best = best;
    at.next = first;
    at.last = first + n;
    at.best_cost = cost;
    return 1 + cost;
}

namespace {

// Adds `delta` to the counter of every primary bit of the `n` options listed, each option's
// bits a row of W bytes. W known at compile time unrolls the row, so its W read-modify-writes
// go out together instead of one loop trip at a time (docs/benchmarks.md: 28% off 6x10).
template <int Delta, std::size_t W>
void tally_rows(std::uint32_t* counts, const std::uint8_t* rows, const std::uint32_t* list, std::size_t n) {
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint8_t* row = rows + static_cast<std::size_t>(list[k]) * W;
        for (std::size_t p = 0; p < W; ++p) counts[row[p]] += static_cast<std::uint32_t>(Delta);
    }
}

template <int Delta>
void tally_rows(std::uint32_t* counts, const std::uint8_t* rows, std::size_t width, const std::uint32_t* list, std::size_t n) {
    for (std::size_t k = 0; k < n; ++k) {
        const std::uint8_t* row = rows + static_cast<std::size_t>(list[k]) * width;
        for (std::size_t p = 0; p < width; ++p) counts[row[p]] += static_cast<std::uint32_t>(Delta);
    }
}

}  // namespace

template <std::size_t Words>
template <int Delta>
void BitsOf<Words>::tally(std::uint32_t* counts, const Id* list, std::size_t n) const {
    const std::uint8_t* rows = rows_.data();
    switch (row_width_) {
        case 1: return tally_rows<Delta, 1>(counts, rows, list, n);
        case 2: return tally_rows<Delta, 2>(counts, rows, list, n);
        case 3: return tally_rows<Delta, 3>(counts, rows, list, n);
        case 4: return tally_rows<Delta, 4>(counts, rows, list, n);
        case 5: return tally_rows<Delta, 5>(counts, rows, list, n);
        case 6: return tally_rows<Delta, 6>(counts, rows, list, n);
        case 7: return tally_rows<Delta, 7>(counts, rows, list, n);
        case 8: return tally_rows<Delta, 8>(counts, rows, list, n);
        default: return tally_rows<Delta>(counts, rows, row_width_, list, n);
    }
}

template <std::size_t Words>
std::uint64_t BitsOf<Words>::enter(int level, Id option) {
    const auto l = static_cast<std::size_t>(level);
    const std::size_t begin = levels_[l].end, size = levels_[l].end - levels_[l].begin;
    if (begin + size > live_.size()) live_.resize(std::max(live_.size() * 2, begin + size));
    if (size > gone_.size()) gone_.resize(size);
    const Level& parent = levels_[l];
    Level& child = levels_[l + 1];
    const Mask m = masks_[option];
    child.covered = parent.covered | m;
    child.begin = begin;
    Id* const live = live_.data();
    Id* const gone = gone_.data();
    const Mask* const masks = masks_.data();
    std::size_t kept = 0, removed = 0;
    for (std::size_t k = parent.begin; k < parent.end; ++k) {  // branch-free partition
        const Id o = live[k];
        const bool hit = masks[o].meets(m);
        live[begin + kept] = o;
        gone[removed] = o;
        kept += !hit;
        removed += hit;
    }
    child.end = begin + kept;
    // The child's counts: the parent's less the removed options', or, when fewer options are
    // kept than removed, the kept ones' counted afresh. A fixed trip count per option (the
    // widest option's): padding slots hit a spare counter.
    std::uint32_t* const counts = this->counts(level + 1);
    std::uint64_t cost = 0;
    if (uniform_cost_ != kMixedCosts)
        cost = removed * std::uint64_t{uniform_cost_};
    else
        for (std::size_t k = 0; k < removed; ++k) cost += cost_[gone[k]];
    if (kept < removed) {
        std::fill_n(counts, layout_.primary + 1, 0u);
        tally<+1>(counts, live + begin, kept);
    } else {
        std::copy_n(this->counts(level), layout_.primary + 1, counts);
        tally<-1>(counts, gone, removed);
    }
    return cost_[option] + cost - parent.best_cost;
}

template <std::size_t Words>
bool BitsOf<Words>::is_live(int level, OptionId option, Id) const {
    const Level& here = at(level);
    const auto end = live_.begin() + static_cast<long>(here.end);
    return std::find(live_.begin() + static_cast<long>(here.begin), end, static_cast<Id>(option)) != end;
}

template <std::size_t Words>
PushCost BitsOf<Words>::take(int level, OptionId option, Id best) {
    const auto o = static_cast<Id>(option);
    PushCost cost;
    cost.item = open(level, best);
    // The walk's place in best's options, so that a walk resumed below can back up through it.
    Level& opened = at(level);
    const auto first = options_.begin() + static_cast<long>(opened.next), last = options_.begin() + static_cast<long>(opened.last);
    opened.next = static_cast<std::size_t>(std::find(first, last, o) - options_.begin()) + 1;
    chosen_[static_cast<std::size_t>(level)] = o;
    cost.rest = enter(level, o);
    return cost;
}

template <std::size_t Words>
std::uint64_t BitsOf<Words>::checksum() const {
    // Every level down to the depth: its live options, counts and covered items; above the
    // depth, also the item branched on, the options left to try there and the one chosen.
    Hash64 h;
    for (int level = 0; level <= depth_; ++level) {
        const Level& here = at(level);
        for (std::size_t k = here.begin; k < here.end; ++k) h.add(std::uint64_t{live_[k]});
        for (std::size_t b = 0; b < layout_.primary; ++b) h.add(std::uint64_t{counts(level)[b]});
        for (std::uint64_t word : here.covered.word) h.add(word);
        if (level == depth_) break;
        h.add(std::uint64_t{here.best}).add(here.best_cost).add(std::uint64_t{chosen_[static_cast<std::size_t>(level)]});
        for (std::size_t k = here.next; k < here.last; ++k) h.add(std::uint64_t{options_[k]});
    }
    h.add(static_cast<std::uint64_t>(depth_));
    return h.value();
}

template <std::size_t Words>
std::size_t BitsOf<Words>::memory_bytes() const {
    return masks_.capacity() * sizeof(Mask) + cost_.capacity() * 4 + rows_.capacity() + column_begin_.capacity() * sizeof(std::size_t) +
           column_.capacity() * sizeof(Id) + options_.capacity() * sizeof(Id) + gone_.capacity() * sizeof(Id) +
           live_.capacity() * sizeof(Id) + counts_.capacity() * 4 + levels_.capacity() * sizeof(Level) + chosen_.capacity() * sizeof(Id);
}

}  // namespace xcount

XCOUNT_BITS_INSTANCES()
