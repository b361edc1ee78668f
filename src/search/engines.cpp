#include "xcount/engines.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>

namespace xcount {

double conflict_density(const Matrix& matrix) {
    const std::size_t n = matrix.option_count();
    if (n == 0) return 0;
    std::vector<double> length(matrix.item_count(), 0);
    for (std::size_t o = 0; o < n; ++o)
        for (ItemId i : matrix.option(static_cast<OptionId>(o))) ++length[static_cast<std::size_t>(i)];
    double pairs = 0;
    for (double l : length) pairs += l * l;
    const double options = static_cast<double>(n);
    return pairs / (options * options) * (static_cast<double>(matrix.node_count()) / options);
}

double memo_states_bound(const MemoLayout& layout) {
    const std::size_t primary = layout.primary;
    if (primary == 0) return 1;
    // first_lead[q]: the lowest lead of an option holding bit q that another bit leads.
    constexpr std::uint32_t kNone = ~std::uint32_t{0};
    std::vector<std::uint32_t> first_lead(layout.bits, kNone);
    for (std::size_t o = 0; o < layout.sets.size(); ++o) {
        std::uint32_t lead = kNone;
        for (std::uint32_t bit : layout.tests[o])
            if (bit < primary) lead = std::min(lead, bit);
        for (std::uint32_t bit : layout.sets[o])
            if (bit != lead) first_lead[bit] = std::min(first_lead[bit], lead);
    }
    // reach[p]: the bits that may be covered beyond p at a node whose first open bit is p.
    std::vector<long> change(primary + 1, 0);
    for (std::size_t q = 0; q < layout.bits; ++q) {
        if (first_lead[q] == kNone) continue;
        const std::size_t end = q < primary ? q : primary;  // a secondary bit stays reachable to the end
        if (first_lead[q] + 1 < end) ++change[first_lead[q] + 1], --change[end];
    }
    double states = 1;  // the solved state
    long reach = 0;
    for (std::size_t p = 0; p < primary; ++p) {
        reach += change[p];
        states += std::ldexp(1.0, static_cast<int>(std::min<long>(reach, 1000)));
    }
    return states;
}

double scan_tree_estimate(const MemoLayout& layout, int probes) {
    const std::size_t primary = layout.primary, options = layout.tests.size();
    std::vector<std::vector<std::uint32_t>> led(primary);
    for (std::size_t o = 0; o < options; ++o) {
        std::uint32_t lead = ~std::uint32_t{0};
        for (std::uint32_t bit : layout.tests[o])
            if (bit < primary) lead = std::min(lead, bit);
        if (lead < primary) led[lead].push_back(static_cast<std::uint32_t>(o));
    }
    std::mt19937_64 rng(1);
    std::vector<char> covered(layout.bits);
    std::vector<std::uint32_t> free_ones;
    double sum = 0;
    for (int probe = 0; probe < probes; ++probe) {
        std::fill(covered.begin(), covered.end(), 0);
        double width = 1, nodes = 1;
        for (std::size_t p = 0;; ++p) {
            while (p < primary && covered[p]) ++p;
            if (p == primary) break;
            free_ones.clear();
            for (std::uint32_t o : led[p])
                if (std::none_of(layout.tests[o].begin(), layout.tests[o].end(), [&](std::uint32_t bit) { return covered[bit] != 0; }))
                    free_ones.push_back(o);
            if (free_ones.empty()) break;
            width *= static_cast<double>(free_ones.size());
            nodes += width;
            const std::uint32_t taken = free_ones[std::uniform_int_distribution<std::size_t>(0, free_ones.size() - 1)(rng)];
            for (std::uint32_t bit : layout.sets[taken]) covered[bit] = 1;
        }
        sum += nodes;
    }
    return sum / probes;
}

namespace {

// The memo engine's trial: under the scan rule, alone, with a small table of its own, within
// `nodes`; its count when it finished (the same on every machine).
std::optional<Count> merged_within(const Matrix& matrix, std::uint64_t nodes) {
    std::optional<Count> count;
    with_engine_type<EngineKind::memo>(matrix, [&]<class Engine>() {
        typename Engine::Table table(4 * nodes * Engine::Table::kEntryBytes);
        Engine engine(matrix);
        engine.share_table(&table);
        engine.set_choice(Choice{ChooseRule::scan, 0});
        if (const SearchStats s = engine.count(Limits{.max_nodes = nodes}); s.complete) count = s.solutions;
    });
    return count;
}

void say(MethodReasons* why, std::string line) {
    if (why) why->push_back(std::move(line));
}

std::string figure(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", x);
    return text;
}

// auto's engine, other than memo, under the rule decided.
EngineKind enumerating_engine(const Matrix& matrix, const Choice& choice, MethodReasons* why) {
    if (matrix.has_colours() || matrix.has_multiplicities()) {
        say(why, "dlx: the only enumerating engine that takes colours and multiplicities as written");
        return EngineKind::dlx;
    }
    if (choice.rule == ChooseRule::scan && WideScan::fits(matrix)) {
        say(why, "scan: the scan rule, and the matrix fits the scan engine");
        return EngineKind::scan;
    }
    constexpr double kBitsMemory = 256.0 * 1024 * 1024;  // per thread, at worst
    // Where a choice removes few of the options left (Latin squares, sudoku: density 0.2-0.4),
    // the dancer touches only those while bits scans the whole list (docs/benchmarks.md,
    // "which engine auto picks").
    constexpr double kBitsDensity = 0.6;
    // With its option sets (up to 512 options) bits scans no list, but it still counts every open
    // item's options at each node where the dancer reads a length: it wins from a lower density.
    constexpr double kSetsDensity = 0.3;
    const bool sets = SmallBits512::fits(matrix) && SmallBits512::runs_here();
    const bool lists = WideBits::fits(matrix) && WideBits::worst_case_bytes(matrix) <= kBitsMemory;
    if (!sets && !lists) {
        say(why, "dlx: the matrix is too big for bits (more than 256 items, or over 256 MB of option lists a thread)");
        return EngineKind::dlx;
    }
    const double density = conflict_density(matrix);  // a pass over the whole matrix: only where bits could take it
    const bool bits = (sets && density >= kSetsDensity) || (lists && density >= kBitsDensity);
    say(why, std::string(bits ? "bits" : "dlx") + ": the options conflict with density " + figure(density) + " (bits from " +
                 figure(sets ? kSetsDensity : kBitsDensity) + ", where a choice removes a good share of the options left)");
    return bits ? EngineKind::bits : EngineKind::dlx;
}

}  // namespace

bool memo_pays(const Matrix& matrix, MethodReasons* why) {
    // The states stay few, and walking the tree would visit several times more nodes than there
    // can be states (Knuth's estimate, 64 random paths from a fixed seed: alike everywhere).
    constexpr double kStates = 1 << 28, kTreeOverStates = 4;
    // Where the bound says nothing (big pieces constrain each other far more than it knows), a
    // trial of 2^14 nodes, a few milliseconds: the memo engine finished and found a million
    // solutions or more, 16 or more per node, where walking the tree takes a node per solution.
    constexpr std::uint64_t kTrialNodes = std::uint64_t{1} << 14;
    constexpr std::uint64_t kTrialSolutions = std::uint64_t{1} << 20, kSolutionsPerNode = 16;
    if (matrix.has_multiplicities() || !Memo1024::fits(matrix)) {
        say(why, matrix.has_multiplicities()
                     ? "memo: does not take multiplicities"
                     : "memo: a state is a mask of at most 1024 items; this matrix has " + std::to_string(matrix.item_count()));
        return false;
    }
    if (!matrix.symbol_sets().empty()) {
        say(why, "memo: the matrix's " + std::to_string(symbols_declared(matrix)) +
                     " symbols can be renamed, and states equal up to renaming merge (--relabel)");
        return true;
    }
    const MemoLayout layout(matrix);
    if (const double states = memo_states_bound(layout); states <= kStates) {
        const double tree = scan_tree_estimate(layout, 64);
        const bool pays = tree >= kTreeOverStates * states;
        say(why, "memo: at most " + figure(states) + " states, the scan rule's tree about " + figure(tree) + " nodes: merging " +
                     (pays ? "pays" : "does not pay") + " (it needs the tree at 4 times the states)");
        return pays;
    }
    const std::optional<Count> trial = merged_within(matrix, kTrialNodes);
    const bool pays = trial && *trial >= Count{kTrialSolutions} && *trial >= Count{kSolutionsPerNode * kTrialNodes};
    say(why, "memo: its states are bounded only by " + figure(memo_states_bound(layout)) + "; a trial of 16384 nodes " +
                 (trial ? "finished with " + to_string(*trial) + " solutions" : std::string("did not finish")) + ": merging " +
                 (pays ? "pays" : "is not known to pay") + " (it needs a million solutions and 16 a node)");
    return pays;
}

bool frontier_pays(const Matrix& matrix, bool merging_pays, MethodReasons* why) {
    // The layers' states, a bound from the order alone: few enough to fit a machine's memory a
    // layer at a time, and four times fewer than the nodes walking the tree would visit.
    constexpr double kStates = 1e12, kTreeOverStates = 4;
    // Where the bound settles nothing (big pieces constrain each other far more than it knows),
    // a trial of 2^16 states moved, a few milliseconds: the layers finished, with four times
    // fewer states than the tree's nodes.
    constexpr std::uint64_t kTrialStates = std::uint64_t{1} << 16;
    if (!Frontier::fits(matrix)) {
        say(why, "frontier: does not take multiplicities as written");
        return false;
    }
    Frontier layers(matrix);
    if (layers.widest_window() > Frontier::kMaxWindow) {
        say(why, "frontier: its widest window is " + std::to_string(layers.widest_window()) + " items, more than a key's " +
                     std::to_string(Frontier::kMaxWindow));
        return false;
    }
    const std::string bound = "frontier: windows of at most " + std::to_string(layers.widest_window()) + " items, at most " +
                              figure(layers.states_bound()) + " states in its layers";
    if (merging_pays) {
        say(why, bound + ": taken, as merging pays");
        return true;
    }
    const double tree = scan_tree_estimate(MemoLayout(matrix), 64);
    const std::string against = ", the scan rule's tree about " + figure(tree) + " nodes";
    if (layers.states_bound() <= kStates && tree >= kTreeOverStates * layers.states_bound()) {
        say(why, bound + against + ": pays (it needs the tree at 4 times the states)");
        return true;
    }
    const SearchStats trial = layers.count_within(kTrialStates);
    const bool pays = trial.complete && tree >= kTreeOverStates * static_cast<double>(trial.nodes);
    const std::string verdict = pays ? "pays" : trial.complete ? "does not pay" : "not known to pay";
    const std::string ran = trial.complete ? "finished with " + std::to_string(trial.nodes) + " states moved" : "did not finish";
    say(why, bound + against + "; a trial of 65536 states " + ran + ": " + verdict + " (it needs the tree at 4 times the states)");
    return pays;
}

Method decide_method(const Matrix& matrix, const MethodRequest& request, MethodReasons* why) {
    const bool automatic = request.engine == EngineKind::automatic;
    const bool may_scan = !request.rule_given || request.choice.rule == ChooseRule::scan;
    if (!automatic) say(why, std::string(engine_name(request.engine)) + ": asked for (--engine)");
    if (automatic && !may_scan) say(why, "frontier and memo: not weighed, as they walk the scan rule and --choose asks for another");
    const bool pays = automatic && may_scan && memo_pays(matrix, why);  // asked once: it may run a short trial
    const bool layers = automatic && may_scan && frontier_pays(matrix, pays, why);
    Choice choice = request.choice;
    const bool own_rule = request.engine == EngineKind::scan || request.engine == EngineKind::memo;
    const bool auto_scans = automatic && ((request.prefers_scan && WideScan::fits(matrix)) || pays || layers);
    if (!request.rule_given && (own_rule || auto_scans)) choice.rule = ChooseRule::scan;
    if (!automatic) return {request.engine, choice};
    if (choice.rule == ChooseRule::scan && layers) return {EngineKind::frontier, choice};
    if (choice.rule == ChooseRule::scan && pays) return {EngineKind::memo, choice};
    return {enumerating_engine(matrix, choice, why), choice};
}

const char* Method::updates_unit() const {
    return choice.rule == ChooseRule::scan || engine_info(engine).counts_options ? "options tested" : "links removed";
}

const char* engine_name(EngineKind kind) { return kind == EngineKind::automatic ? "auto" : engine_info(kind).word; }

}  // namespace xcount
