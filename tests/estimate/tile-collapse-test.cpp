// Blocked (tiled) loop pairs collapsed for the exchanges vectorized out of
// them (tile-collapse.h): a blocked matrix product fetches what the plain
// one does, whatever the block size (one that does not divide n leaves a
// clipped last tile: no elements past n), counted as a product of
// one-loop counts instead of a projection per processor pair.
#include "estimate/tile-collapse.h"
#include "estimate/run-estimate.h"

using namespace ps;

namespace {

// C = C + A*B in jki order: blocked by NB in j and k (lines 5-6 are the tile loops), and plain.
test::Program blocked()
{
  return test::build("      SUBROUTINE BMM(N, NB, A, B, C)\n      INTEGER N, NB, I, J, K, JJ, KK\n"
                     "      DOUBLE PRECISION A(N,N), B(N,N), C(N,N)\n"
                     "      DO 40 JJ = 1, N, NB\n         DO 30 KK = 1, N, NB\n"
                     "            DO 20 J = JJ, MIN(JJ+NB-1, N)\n               DO 10 K = KK, MIN(KK+NB-1, N)\n"
                     "                  DO 5 I = 1, N\n                     C(I,J) = C(I,J) + A(I,K)*B(K,J)\n"
                     "    5             CONTINUE\n   10          CONTINUE\n   20       CONTINUE\n"
                     "   30    CONTINUE\n   40 CONTINUE\n      END\n",
                     "bmm.f");
}

test::Program plain()
{
  return test::build("      SUBROUTINE MM(N, A, B, C)\n      INTEGER N, I, J, K\n"
                     "      DOUBLE PRECISION A(N,N), B(N,N), C(N,N)\n"
                     "      DO 20 J = 1, N\n         DO 10 K = 1, N\n            DO 5 I = 1, N\n"
                     "               C(I,J) = C(I,J) + A(I,K)*B(K,J)\n    5       CONTINUE\n   10    CONTINUE\n"
                     "   20 CONTINUE\n      END\n",
                     "mm.f");
}

} // namespace

TEST(TileCollapse, BlockedProductFetchesWhatThePlainOneDoes)
{
  const auto b = blocked();
  const auto p = plain();
  const std::vector<std::pair<const char*, const char*>> mappings = {
      {"a,b,c=(*,BLOCK)", "4"},     {"a,b,c=(*,BLOCK)", "3"},        {"a,b,c=(*,BLOCK(5))", "4"},
      {"a,b,c=(*,CYCLIC(2))", "8"}, {"a,b,c=(BLOCK,BLOCK)", "2x2"}, {"a,b,c=(CYCLIC,BLOCK)", "2x3"},
      {"a,b,c=(BLOCK(5),*)", "4"}};
  for (const std::int64_t n : {16, 17})
    for (const std::int64_t nb : {3, 4, 5, 16})
      for (const auto& [spec, procs] : mappings) {
        const symbolic::Bindings values{{"n", n}, {"nb", nb}};
        const auto e = test::run(b, 4, spec, procs, values);
        const auto o = test::run(p, 4, spec, procs, {{"n", n}});
        const auto context = std::string(spec) + " on " + procs + ", n = " + std::to_string(n) + ", nb = " +
                             std::to_string(nb);
        EXPECT_EQ(e.nt, o.nt) << context;
        EXPECT_EQ(e.tdBytes, o.tdBytes) << context;
        EXPECT_EQ(e.workMax, o.workMax) << context;
        ASSERT_EQ(e.comm.records.size(), o.comm.records.size()) << context;
        for (std::size_t r = 0; r < e.comm.records.size(); ++r) {
          EXPECT_EQ(e.comm.records[r].placement, 0) << context;
          EXPECT_EQ(e.comm.records[r].messages, o.comm.records[r].messages) << context;
          EXPECT_EQ(e.comm.records[r].bytes, o.comm.records[r].bytes) << context;
        }
        EXPECT_FALSE(test::hasNote(e, "a few elements too many")) << context;
        EXPECT_TRUE(test::hasNote(e, "less the iterations outside the clipped bounds")) << context;
      }
}

TEST(TileCollapse, BlockedProductByHand)
{
  // (BLOCK,BLOCK) on 2x2, n = 16, nb = 3 (the last tile clipped to one column): processor (r, c) needs
  // A(rows r, every k) and B(every k, columns c) and owns the quarter of each; the other 8 x 8 of A
  // come from (r, 1-c), of B from (1-r, c): 4 + 4 messages of 64 elements of 8 bytes. Before the
  // collapse the last tiles' columns 17 and 18 were fetched too (4896 bytes).
  const auto e = test::run(blocked(), 4, "a,b,c=(BLOCK,BLOCK)", "2x2", {{"n", 16}, {"nb", 3}});
  EXPECT_EQ(e.nt, 8);
  EXPECT_EQ(e.tdBytes, 8 * 64 * 8);
  EXPECT_FALSE(test::hasNote(e, "a few elements too many"));
}

TEST(TileCollapse, OnlyThePairsInsideThePlacement)
{
  // the space of the statement: JJ, KK, J, K, I; from level 1 on only the KK/K pair is whole in the
  // exchange; the J loop keeps following JJ
  const auto b = blocked();
  const symbolic::Bindings values{{"n", 16}, {"nb", 3}};
  const auto& st = *std::find_if(b.unit().statements.begin(), b.unit().statements.end(),
                                 [](const auto& s) { return s.line == 9; });
  symbolic::EvaluationError error;
  const auto space = estimate::IterationSpace::build(b.unit(), b.unit().loopAtLine(4)->id, st, values, &error);
  ASSERT_TRUE(space) << error.message;
  std::string why;
  const auto spec = mapping::parseDistSpec("a,b,c=(*,BLOCK)", &why);
  const auto mapped = mapping::mappingFromSpec(*spec, b.unit(), values, *mapping::parseArrangement("4"));
  ASSERT_TRUE(mapped.mapping);
  const auto plan = [&](const char* array) {
    const auto& ref = *std::find_if(st.refs.begin(), st.refs.end(),
                                    [&](const auto& r) { return r.array == array && !r.isWrite; });
    return *estimate::planReference(ref, b.unit(), *space, *mapped.mapping, values, &error);
  };
  const auto exec = plan("c"), read = plan("a");
  const auto whole = estimate::collapseTiles(*space, 0, &exec, read, b.unit(), values);
  ASSERT_TRUE(whole);
  std::int64_t lo = 0, hi = 0;
  std::vector<std::int64_t> at(5, 0);
  ASSERT_TRUE(whole->space.range(0, at, &lo, &hi));
  EXPECT_EQ(lo, 1);
  EXPECT_EQ(hi, 1); // JJ: its first tile only
  at[0] = 1;
  ASSERT_TRUE(whole->space.range(2, at, &lo, &hi));
  EXPECT_EQ(lo, 1);
  EXPECT_EQ(hi, 16); // J: every column, clipped at n
  EXPECT_EQ(whole->clippedLoops.size(), 2u);
  const auto inner = estimate::collapseTiles(*space, 1, &exec, read, b.unit(), values);
  ASSERT_TRUE(inner);
  at[0] = 4; // the second tile of JJ: J still runs over it alone
  ASSERT_TRUE(inner->space.range(2, at, &lo, &hi));
  EXPECT_EQ(lo, 4);
  EXPECT_EQ(hi, 6);
  EXPECT_FALSE(estimate::collapseTiles(*space, 2, &exec, read, b.unit(), values));
}

TEST(TileCollapse, AClipThatFollowsTheTileKeepsThePair)
{
  // J = JJ .. MIN(JJ+NB-1, 2*JJ) (a review): folding the clip with JJ at its first value kept the first tile
  // alone, 3 messages and "over the clipped bounds"; the columns are 1, 2, 5..16. Not collapsed, every
  // tile's unclipped columns are counted: 4 per processor's block from each of 3 others.
  const auto p = test::build("      SUBROUTINE G2(N, NB, A, B)\n      INTEGER N, NB, I, J, JJ\n"
                             "      DOUBLE PRECISION A(N,N), B(N,N)\n      DO 40 JJ = 1, N, NB\n"
                             "         DO 20 J = JJ, MIN(JJ+NB-1, 2*JJ)\n            DO 10 I = 1, N\n"
                             "               B(I,J) = A(J,I)\n   10       CONTINUE\n   20    CONTINUE\n"
                             "   40 CONTINUE\n      END\n",
                             "g2.f");
  const auto e = test::run(p, 4, "a,b=(*,BLOCK)", "4", {{"n", 16}, {"nb", 4}});
  EXPECT_EQ(e.nt, 12);
  EXPECT_TRUE(test::hasNote(e, "The loop at line 5 runs from JJ to MIN(JJ+NB-1,2*JJ): the messages of the statement at "
                               "line 7 are counted over jj..jj + nb - 1 (at the clipped ends, a few elements too many)"));
}
