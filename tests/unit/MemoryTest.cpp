//===- MemoryTest.cpp - Objects, concrete and symbolic bytes, CoW ---------===//
#include "exec/Memory.h"
#include "expr/Assignment.h"
#include "expr/Expr.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <variant>
#include <vector>

using namespace theseus;

namespace {

class MemoryTest : public ::testing::Test {
protected:
  /// Loads `Size` bytes at `Addr`, returning the bits and the expression.
  std::pair<uint64_t, ExprRef> load(const Memory &Mem, uint64_t Addr,
                                    unsigned Size) {
    ExprRef Sym = nullptr;
    uint64_t Bits = Mem.load(Ctx, Addr, Size, Sym);
    return {Bits, Sym};
  }

  ExprContext Ctx;
  Memory Mem;
};

TEST_F(MemoryTest, AllocationsAreZeroedAlignedAndDisjoint) {
  const MemoryObject *A = Mem.allocate(10, 8, ObjectKind::Stack, "a");
  const MemoryObject *B = Mem.allocate(100, 64, ObjectKind::Heap, "b");
  const MemoryObject *C = Mem.allocate(0, 1, ObjectKind::Heap, "c");
  ASSERT_NE(A, nullptr);
  EXPECT_EQ(B->Base % 64, 0u);
  EXPECT_EQ(A->Size, 10u);
  EXPECT_EQ(B->Kind, ObjectKind::Heap);
  EXPECT_EQ(B->Name, "b");
  EXPECT_GE(A->Base, 4096u) << "objects must not live in the null page";
  EXPECT_GE(B->Base, A->Base + A->Size);
  EXPECT_GE(C->Base, B->Base + B->Size);
  EXPECT_EQ(Mem.objectAt(A->Base), A);
  for (uint64_t I = 0; I < 10; ++I)
    EXPECT_EQ(load(Mem, A->Base + I, 1).first, 0u);
}

TEST_F(MemoryTest, ConcreteRoundTripsAllSizes) {
  const MemoryObject *O = Mem.allocate(32, 8, ObjectKind::Stack, "buf");
  const uint64_t Pattern = 0x8877665544332211ULL;
  for (unsigned Size : {1u, 2u, 4u, 8u})
    for (uint64_t Off = 0; Off + Size <= 32; Off += 3) {
      uint64_t V = Pattern >> (8 * (8 - Size)) ^ Off;
      if (Size < 8)
        V &= (uint64_t(1) << (8 * Size)) - 1;
      Mem.store(Ctx, O->Base + Off, Size, V, nullptr);
      auto [Bits, Sym] = load(Mem, O->Base + Off, Size);
      EXPECT_EQ(Bits, V) << "size " << Size << " offset " << Off;
      EXPECT_EQ(Sym, nullptr);
    }
}

TEST_F(MemoryTest, StoresAreLittleEndian) {
  const MemoryObject *O = Mem.allocate(8, 8, ObjectKind::Stack, "buf");
  Mem.store(Ctx, O->Base, 4, 0x11223344, nullptr);
  EXPECT_EQ(load(Mem, O->Base, 1).first, 0x44u);
  EXPECT_EQ(load(Mem, O->Base + 3, 1).first, 0x11u);
  EXPECT_EQ(load(Mem, O->Base + 1, 2).first, 0x2233u);
  Mem.store(Ctx, O->Base + 2, 1, 0xab, nullptr);
  EXPECT_EQ(load(Mem, O->Base, 4).first, 0x11ab3344u);
  EXPECT_EQ(load(Mem, O->Base, 8).first, 0x11ab3344u);
}

TEST_F(MemoryTest, SymbolicValuesLoadBackAsTheSameExpression) {
  const Array *A = Ctx.array("a", 8), *B = Ctx.array("b", 8);
  const MemoryObject *O = Mem.allocate(80, 8, ObjectKind::Stack, "buf");
  for (unsigned Size : {1u, 2u, 4u, 8u}) {
    ExprRef Input = Ctx.readLE(A, 0, Size);
    // Also a value that is not made of input bytes directly.
    ExprRef Sum = Ctx.add(Input, Ctx.readLE(B, 0, Size));
    for (ExprRef V : {Input, Sum}) {
      uint64_t Off = 8 * Size + 1; // Deliberately unaligned.
      AccessError Err;
      ASSERT_EQ(Mem.resolve(O->Base + Off, Size, Err), O);
      Mem.store(Ctx, O->Base + Off, Size, 0x1234, V);
      auto [Bits, Sym] = load(Mem, O->Base + Off, Size);
      EXPECT_EQ(Sym, V) << "size " << Size;
      uint64_t M = Size == 8 ? ~uint64_t(0) : (uint64_t(1) << 8 * Size) - 1;
      EXPECT_EQ(Bits, 0x1234 & M);
    }
  }
}

TEST_F(MemoryTest, PartialLoadsOfSymbolicValues) {
  const Array *A = Ctx.array("a", 4), *B = Ctx.array("b", 4);
  ExprRef X = Ctx.add(Ctx.readLE(A, 0, 4), Ctx.readLE(B, 0, 4));
  const MemoryObject *O = Mem.allocate(8, 8, ObjectKind::Stack, "buf");
  Mem.store(Ctx, O->Base, 4, 0, X);
  EXPECT_EQ(load(Mem, O->Base + 1, 2).second, Ctx.extract(X, 8, 16));
  EXPECT_EQ(load(Mem, O->Base + 3, 1).second, Ctx.extract(X, 24, 8));
  // Symbolic low half, concrete (zero) high half.
  EXPECT_EQ(load(Mem, O->Base, 8).second, Ctx.zext(X, 64));
}

TEST_F(MemoryTest, MixedBytesEvaluateToTheStoredValues) {
  const Array *A = Ctx.array("a", 1);
  ExprRef X = Ctx.read(A, 0);
  const MemoryObject *O = Mem.allocate(4, 4, ObjectKind::Stack, "i");
  Mem.store(Ctx, O->Base, 4, 0xaabbccdd, nullptr);
  Mem.store(Ctx, O->Base + 1, 1, 0x42, X); // Symbolic byte 1.
  auto [Bits, Sym] = load(Mem, O->Base, 4);
  EXPECT_EQ(Bits, 0xaabb42ddu);
  ASSERT_NE(Sym, nullptr);
  for (unsigned V : {0u, 0x42u, 0xffu}) {
    Assignment Asg;
    Asg.set(A, {uint8_t(V)});
    EXPECT_EQ(evaluate(Sym, Asg), 0xaabb00ddu | V << 8);
  }
}

TEST_F(MemoryTest, ConcreteStoreErasesSymbolicBytes) {
  const Array *A = Ctx.array("a", 4);
  const MemoryObject *O = Mem.allocate(4, 4, ObjectKind::Stack, "i");
  Mem.store(Ctx, O->Base, 4, 7, Ctx.readLE(A, 0, 4));
  Mem.store(Ctx, O->Base + 2, 2, 0x55aa, nullptr);
  EXPECT_EQ(load(Mem, O->Base + 2, 2).second, nullptr);
  ExprRef Low = load(Mem, O->Base, 2).second;
  EXPECT_EQ(Low, Ctx.readLE(A, 0, 2));
  Mem.store(Ctx, O->Base, 4, 9, nullptr);
  auto [Bits, Sym] = load(Mem, O->Base, 4);
  EXPECT_EQ(Bits, 9u);
  EXPECT_EQ(Sym, nullptr);
}

TEST_F(MemoryTest, NarrowSymbolicValuesAreZeroExtendedToTheStoreSize) {
  // An i1 stored in a byte: the high seven bits are zero.
  const Array *A = Ctx.array("a", 1);
  ExprRef Bit = Ctx.extract(Ctx.read(A, 0), 0, 1);
  const MemoryObject *O = Mem.allocate(1, 1, ObjectKind::Stack, "b");
  Mem.store(Ctx, O->Base, 1, 1, Bit);
  EXPECT_EQ(load(Mem, O->Base, 1).second, Ctx.zext(Bit, 8));
}

TEST_F(MemoryTest, CopiesAreCopyOnWrite) {
  const Array *A = Ctx.array("a", 4);
  ExprRef X = Ctx.readLE(A, 0, 4);
  const MemoryObject *O = Mem.allocate(8, 8, ObjectKind::Global, "g");
  Mem.store(Ctx, O->Base, 4, 42, nullptr);
  Mem.store(Ctx, O->Base + 4, 4, 5, X);

  Memory Copy = Mem;
  Copy.store(Ctx, O->Base, 4, 99, nullptr);
  Copy.store(Ctx, O->Base + 4, 4, 6, nullptr);
  EXPECT_EQ(load(Mem, O->Base, 4).first, 42u);
  EXPECT_EQ(load(Mem, O->Base + 4, 4).second, X);
  EXPECT_EQ(load(Copy, O->Base, 4).first, 99u);
  EXPECT_EQ(load(Copy, O->Base + 4, 4).second, nullptr);

  // And the other way round: the original writes, the copy keeps its bytes.
  Memory Second = Mem;
  Mem.store(Ctx, O->Base, 4, 7, nullptr);
  EXPECT_EQ(load(Second, O->Base, 4).first, 42u);
  EXPECT_EQ(load(Second, O->Base + 4, 4).second, X);
  EXPECT_EQ(load(Mem, O->Base, 4).first, 7u);
  EXPECT_EQ(load(Copy, O->Base, 4).first, 99u);
}

TEST_F(MemoryTest, CopiesHaveIndependentObjectTables) {
  const MemoryObject *O = Mem.allocate(8, 8, ObjectKind::Heap, "h");
  Memory Copy = Mem;
  Copy.release(O->Base);
  AccessError Err;
  EXPECT_EQ(Mem.resolve(O->Base, 8, Err), O);
  EXPECT_EQ(Err, AccessError::None);
  EXPECT_EQ(Copy.resolve(O->Base, 8, Err), nullptr);
  EXPECT_EQ(Err, AccessError::UseAfterFree);
  const MemoryObject *N = Copy.allocate(8, 8, ObjectKind::Heap, "n");
  EXPECT_EQ(Mem.objectAt(N->Base), nullptr);
}

TEST_F(MemoryTest, ResolveFindsTheObjectOrTheReason) {
  const MemoryObject *O = Mem.allocate(16, 16, ObjectKind::Stack, "buf");
  AccessError Err;
  EXPECT_EQ(Mem.resolve(O->Base, 16, Err), O);
  EXPECT_EQ(Err, AccessError::None);
  EXPECT_EQ(Mem.resolve(O->Base + 15, 1, Err), O);
  EXPECT_EQ(Mem.resolve(O->Base + 8, 8, Err), O);

  EXPECT_EQ(Mem.resolve(O->Base + 16, 1, Err), nullptr);
  EXPECT_EQ(Err, AccessError::OutOfBounds);
  EXPECT_EQ(Mem.resolve(O->Base + 14, 4, Err), nullptr);
  EXPECT_EQ(Err, AccessError::OutOfBounds) << "an access straddling the end";
  EXPECT_EQ(Mem.resolve(O->Base, 17, Err), nullptr);
  EXPECT_EQ(Err, AccessError::OutOfBounds);

  EXPECT_EQ(Mem.resolve(0, 4, Err), nullptr);
  EXPECT_EQ(Err, AccessError::NullPointer);
  EXPECT_EQ(Mem.resolve(8, 4, Err), nullptr);
  EXPECT_EQ(Err, AccessError::NullPointer) << "null plus a small offset";

  EXPECT_EQ(Mem.resolve(O->Base + (1 << 20), 1, Err), nullptr);
  EXPECT_EQ(Err, AccessError::InvalidPointer);
  EXPECT_STREQ(bugKindFor(AccessError::OutOfBounds), "out-of-bounds");
  EXPECT_STREQ(bugKindFor(AccessError::NullPointer), "null-dereference");
}

TEST_F(MemoryTest, ReleasedObjectsReportUseAfterFree) {
  const MemoryObject *O = Mem.allocate(24, 8, ObjectKind::Heap, "h");
  const MemoryObject *Keep = Mem.allocate(24, 8, ObjectKind::Heap, "k");
  uint64_t Base = O->Base; // O dies with the release.
  Mem.release(Base);
  AccessError Err;
  EXPECT_EQ(Mem.resolve(Base, 4, Err), nullptr);
  EXPECT_EQ(Err, AccessError::UseAfterFree);
  EXPECT_EQ(Mem.resolve(Base + 20, 4, Err), nullptr);
  EXPECT_EQ(Err, AccessError::UseAfterFree);
  EXPECT_STREQ(bugKindFor(Err), "use-after-free");
  EXPECT_TRUE(Mem.wasFreed(Base + 23));
  EXPECT_FALSE(Mem.wasFreed(Keep->Base));
  EXPECT_EQ(Mem.objectAt(Base), nullptr);
  EXPECT_EQ(Mem.resolve(Keep->Base, 24, Err), Keep);
  // New allocations never reuse a released range.
  const MemoryObject *N = Mem.allocate(24, 8, ObjectKind::Heap, "n");
  EXPECT_TRUE(N->Base >= Base + 24 || N->Base + 24 <= Base);
}

// Accesses are served from a cache of the objects found last; these check
// that the cache never outlives what it caches.
TEST_F(MemoryTest, CachedObjectsFollowReleases) {
  const MemoryObject *O = Mem.allocate(16, 8, ObjectKind::Heap, "h");
  uint64_t Base = O->Base;
  AccessError Err;
  ASSERT_EQ(Mem.resolve(Base, 4, Err), O); // Now cached.
  Mem.store(Ctx, Base, 4, 1, nullptr);
  Mem.release(Base);
  EXPECT_EQ(Mem.resolve(Base, 4, Err), nullptr);
  EXPECT_EQ(Err, AccessError::UseAfterFree);
}

TEST_F(MemoryTest, CachedObjectsStillCheckBounds) {
  const MemoryObject *O = Mem.allocate(16, 8, ObjectKind::Stack, "buf");
  AccessError Err;
  ASSERT_EQ(Mem.resolve(O->Base + 4, 4, Err), O); // Now cached.
  EXPECT_EQ(Mem.resolve(O->Base + 14, 4, Err), nullptr);
  EXPECT_EQ(Err, AccessError::OutOfBounds);
  EXPECT_EQ(Mem.resolve(O->Base + 16, 1, Err), nullptr);
  EXPECT_EQ(Err, AccessError::OutOfBounds);
}

TEST_F(MemoryTest, CachedObjectsAreNotSharedWithCopies) {
  // More objects than the cache holds, each accessed before the copies.
  std::vector<uint64_t> Bases;
  for (unsigned K = 0; K < 6; ++K) {
    Bases.push_back(Mem.allocate(8, 8, ObjectKind::Global, "g")->Base);
    Mem.store(Ctx, Bases.back(), 8, K, nullptr);
  }
  Memory Copy = Mem;
  Memory Assigned;
  Assigned = Mem;
  for (unsigned K = 0; K < 6; ++K) {
    Copy.store(Ctx, Bases[K], 8, 100 + K, nullptr);
    Assigned.store(Ctx, Bases[K], 8, 200 + K, nullptr);
  }
  for (unsigned K = 0; K < 6; ++K) {
    EXPECT_EQ(load(Mem, Bases[K], 8).first, K);
    EXPECT_EQ(load(Copy, Bases[K], 8).first, 100 + K);
    EXPECT_EQ(load(Assigned, Bases[K], 8).first, 200 + K);
  }
  // The original's cache must not reach the copy's objects either.
  Copy.release(Bases[0]);
  AccessError Err;
  EXPECT_NE(Mem.resolve(Bases[0], 8, Err), nullptr);
}

/// A byte as the reference model sees it: concrete or an 8-bit expression.
using ModelByte = std::variant<uint8_t, ExprRef>;

class MemoryCopyTest : public MemoryTest {
protected:
  void SetUp() override {
    In = Ctx.array("in", 32);
    O = Mem.allocate(32, 8, ObjectKind::Stack, "buf");
    Model.resize(32);
    // Alternate runs of symbolic and concrete bytes.
    for (unsigned I = 0; I < 32; ++I) {
      if ((I / 3) % 2) {
        ExprRef B = Ctx.read(In, I);
        Mem.store(Ctx, O->Base + I, 1, 0xc0 | I, B);
        Model[I] = B;
      } else {
        Mem.store(Ctx, O->Base + I, 1, I, nullptr);
        Model[I] = uint8_t(I);
      }
    }
  }

  void modelMove(uint64_t Dst, uint64_t Src, uint64_t N) {
    std::vector<ModelByte> Tmp(Model.begin() + Src, Model.begin() + Src + N);
    std::copy(Tmp.begin(), Tmp.end(), Model.begin() + Dst);
  }

  void expectMatchesModel(const Memory &M) {
    for (unsigned I = 0; I < 32; ++I) {
      auto [Bits, Sym] = load(M, O->Base + I, 1);
      if (auto *B = std::get_if<uint8_t>(&Model[I])) {
        EXPECT_EQ(Sym, nullptr) << "byte " << I;
        EXPECT_EQ(Bits, *B) << "byte " << I;
      } else {
        EXPECT_EQ(Sym, std::get<ExprRef>(Model[I])) << "byte " << I;
      }
    }
  }

  const Array *In = nullptr;
  const MemoryObject *O = nullptr;
  std::vector<ModelByte> Model;
};

TEST_F(MemoryCopyTest, CopyPreservesSymbolicBytes) {
  const MemoryObject *D = Mem.allocate(32, 8, ObjectKind::Stack, "dst");
  Mem.copy(D->Base, O->Base, 32);
  for (unsigned I = 0; I < 32; ++I) {
    auto [Bits, Sym] = load(Mem, D->Base + I, 1);
    auto [WantBits, WantSym] = load(Mem, O->Base + I, 1);
    EXPECT_EQ(Bits, WantBits);
    EXPECT_EQ(Sym, WantSym);
  }
  // A whole symbolic int survives a copy as the same expression.
  ExprRef X = Ctx.readLE(Ctx.array("x", 4), 0, 4);
  Mem.store(Ctx, O->Base, 4, 0, X);
  Mem.copy(D->Base + 8, O->Base, 4);
  EXPECT_EQ(load(Mem, D->Base + 8, 4).second, X);
}

TEST_F(MemoryCopyTest, CopyOverwritesSymbolicBytesWithConcreteOnes) {
  const MemoryObject *Zeros = Mem.allocate(32, 8, ObjectKind::Stack, "z");
  Mem.copy(O->Base, Zeros->Base, 32);
  for (unsigned I = 0; I < 32; ++I)
    Model[I] = uint8_t(0);
  expectMatchesModel(Mem);
}

TEST_F(MemoryCopyTest, OverlappingCopiesBehaveLikeMemmove) {
  std::mt19937 Rng(7);
  for (int Round = 0; Round < 200; ++Round) {
    uint64_t N = 1 + Rng() % 16;
    uint64_t Src = Rng() % (32 - N + 1), Dst = Rng() % (32 - N + 1);
    Mem.copy(O->Base + Dst, O->Base + Src, N);
    modelMove(Dst, Src, N);
    SCOPED_TRACE(testing::Message() << "round " << Round << ": " << N
                                    << " bytes from " << Src << " to " << Dst);
    expectMatchesModel(Mem);
    if (HasFailure())
      return;
  }
}

TEST_F(MemoryCopyTest, CopyIntoACopiedMemoryLeavesTheOriginal) {
  Memory Copy = Mem;
  Copy.copy(O->Base + 1, O->Base + 10, 12);
  expectMatchesModel(Mem);
  modelMove(1, 10, 12);
  expectMatchesModel(Copy);
}

TEST_F(MemoryCopyTest, FillWithConcreteAndSymbolicBytes) {
  Mem.fill(O->Base + 2, 0x7e, nullptr, 10);
  for (unsigned I = 2; I < 12; ++I)
    Model[I] = uint8_t(0x7e);
  expectMatchesModel(Mem);
  ExprRef B = Ctx.read(Ctx.array("c", 1), 0);
  Mem.fill(O->Base + 20, 0, B, 5);
  for (unsigned I = 20; I < 25; ++I)
    Model[I] = B;
  expectMatchesModel(Mem);
}

TEST_F(MemoryTest, ReadOnlyObjectsKeepTheirContents) {
  uint64_t Base = Mem.allocate(4, 4, ObjectKind::Global, "table")->Base;
  Mem.store(Ctx, Base, 4, 0x04030201, nullptr);
  EXPECT_FALSE(Mem.objectAt(Base)->ReadOnly);
  Mem.setReadOnly(Base);
  AccessError Err;
  const MemoryObject *R = Mem.resolve(Base, 4, Err);
  ASSERT_NE(R, nullptr);
  EXPECT_TRUE(R->ReadOnly);
  EXPECT_EQ(R->Name, "table");
  EXPECT_EQ(load(Mem, Base, 4).first, 0x04030201u);
  // A copy of the memory sees the same read-only object.
  Memory Copy = Mem;
  EXPECT_TRUE(Copy.objectAt(Base)->ReadOnly);
}

TEST_F(MemoryTest, ReadCString) {
  const MemoryObject *O = Mem.allocate(8, 8, ObjectKind::Global, "s");
  const char Text[] = "hi!";
  for (unsigned I = 0; I < sizeof(Text); ++I)
    Mem.store(Ctx, O->Base + I, 1, uint8_t(Text[I]), nullptr);
  EXPECT_EQ(Mem.readCString(O->Base), "hi!");
  EXPECT_EQ(Mem.readCString(O->Base + 1), "i!");
  EXPECT_EQ(Mem.readCString(O->Base, 2), "hi");
  // Unterminated: stops at the end of the object.
  for (unsigned I = 0; I < 8; ++I)
    Mem.store(Ctx, O->Base + I, 1, 'x', nullptr);
  EXPECT_EQ(Mem.readCString(O->Base), "xxxxxxxx");
}

TEST_F(MemoryTest, ThirtyTwoBitProgramsGetHostBackedAddressesBelow4GiB) {
  Memory Low(32);
  const MemoryObject *O = Low.allocate(64, 16, ObjectKind::Heap, "h");
  EXPECT_LT(O->Base + O->Size, uint64_t(1) << 32);
  EXPECT_GE(O->Base, 4096u);
  ASSERT_TRUE(Low.isHostBacked());
  // Native code sees the object at its 32-bit address, zero-extended.
  Low.store(Ctx, O->Base, 4, 0xCAFE, nullptr);
  Low.syncToHost();
  uint32_t Host;
  std::memcpy(&Host, reinterpret_cast<const void *>(O->Base), 4);
  EXPECT_EQ(Host, 0xCAFEu);
  EXPECT_FALSE(Low.hasRoom(uint64_t(4) << 30)) << "4 GiB cannot fit";
  EXPECT_TRUE(Low.hasRoom(uint64_t(1) << 30));
  // 64-bit programs keep their arena, far above.
  EXPECT_GE(Mem.allocate(1, 1, ObjectKind::Heap, "x")->Base, uint64_t(1) << 32);
}

} // namespace
