//! Subgroup functions (GL_KHR_shader_subgroup and the older vote/ballot extensions) as the
//! subgroup intrinsics; the ballot arithmetic (`subgroupBallotBitCount`, `...FindLSB`, ...)
//! is ALU on the `uvec4` ballot. Functions needing the invocation's index read the
//! `gl_SubgroupInvocationID` variable. Reductions and scans name their operation with the
//! `reduction_op` index (`iadd`, `fadd`, `imul`, `fmul`, `imin`, `umin`, `fmin`, `imax`,
//! `umax`, `fmax`, `iand`, `ior`, `ixor`; on booleans `iand`/`ior`/`ixor` are logical);
//! `subgroupClustered*` is a `reduce` with the (constant) `cluster_size`. Quad operations and
//! rotations are shuffles with computed indices (`gl_SubgroupSize` for `subgroupRotate`).
//! `subgroupQuadAll`/`Any` combine the four shuffled values of the quad.
//! GL_NV_shader_subgroup_partitioned: `subgroupPartitionNV` is `partition` (a ballot) and
//! `subgroupPartitioned*NV` the `partitioned_*` reductions and scans, the ballot as source 1.

use fresnel_ir::{AluOp, IndexKind, Intrinsic, ReductionOp, ValueId, VarMode};
use fresnel_sema::types::TypeId as HirTypeId;

use super::{mem_mask, value, BuiltinCx, Lowered};
use crate::Arg;
use smallvec::{smallvec, SmallVec};

pub fn lower(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    args: &[Arg],
    _ret: HirTypeId,
) -> Option<Lowered> {
    let vote = |n: &str| -> Option<Intrinsic> {
        Some(match n {
            "subgroupAll" | "allInvocations" | "allInvocationsARB" | "allInvocationsEXT"
            | "allThreadsNV" => Intrinsic::VoteAll,
            "subgroupAny" | "anyInvocation" | "anyInvocationARB" | "anyInvocationEXT"
            | "anyThreadNV" => Intrinsic::VoteAny,
            "subgroupAllEqual"
            | "allInvocationsEqual"
            | "allInvocationsEqualARB"
            | "allInvocationsEqualEXT"
            | "allThreadsEqualNV" => Intrinsic::VoteEq,
            _ => return None,
        })
    };
    if let Some(op) = vote(name) {
        return Some(lower_vote(cx, op, args));
    }
    // Parsed once, here (performance: not again in `lower_known`).
    let red = reduction(name);
    let known = red.is_some()
        || matches!(
            name,
            "subgroupElect"
                | "subgroupBarrier"
                | "subgroupMemoryBarrier"
                | "subgroupMemoryBarrierBuffer"
                | "subgroupMemoryBarrierImage"
                | "subgroupMemoryBarrierShared"
                | "subgroupBroadcast"
                | "subgroupBroadcastFirst"
                | "readInvocationARB"
                | "readFirstInvocationARB"
                | "subgroupBallot"
                | "ballotARB"
                | "subgroupInverseBallot"
                | "subgroupBallotBitExtract"
                | "subgroupBallotBitCount"
                | "subgroupBallotInclusiveBitCount"
                | "subgroupBallotExclusiveBitCount"
                | "subgroupBallotFindLSB"
                | "subgroupBallotFindMSB"
                | "subgroupShuffle"
                | "subgroupShuffleXor"
                | "subgroupShuffleUp"
                | "subgroupShuffleDown"
                | "subgroupQuadBroadcast"
                | "subgroupQuadSwapHorizontal"
                | "subgroupQuadSwapVertical"
                | "subgroupQuadSwapDiagonal"
                | "subgroupQuadAll"
                | "subgroupQuadAny"
                | "subgroupRotate"
                | "subgroupClusteredRotate"
                | "subgroupPartitionNV"
        );
    if !known {
        return None;
    }
    Some(lower_known(cx, name, red, args))
}

/// `(intrinsic, operation)` of a reduction or scan name; `subgroupClustered*` is a
/// `Reduce` (with the cluster size of its second argument).
fn reduction(name: &str) -> Option<(Intrinsic, &'static str)> {
    if let Some(r) = amd_reduction(name) {
        return Some(r);
    }
    if let Some(r) = name
        .strip_prefix("subgroupPartitioned")
        .and_then(|r| r.strip_suffix("NV"))
    {
        let (op, rest) = if let Some(r) = r.strip_prefix("Inclusive") {
            (Intrinsic::PartitionedInclusiveScan, r)
        } else if let Some(r) = r.strip_prefix("Exclusive") {
            (Intrinsic::PartitionedExclusiveScan, r)
        } else {
            (Intrinsic::PartitionedReduce, r)
        };
        return Some((op, op_kind(rest)?));
    }
    let rest = name.strip_prefix("subgroup")?;
    let (op, rest) = if let Some(r) = rest.strip_prefix("Clustered") {
        (Intrinsic::Reduce, r)
    } else if let Some(r) = rest.strip_prefix("Inclusive") {
        (Intrinsic::InclusiveScan, r)
    } else if let Some(r) = rest.strip_prefix("Exclusive") {
        (Intrinsic::ExclusiveScan, r)
    } else {
        (Intrinsic::Reduce, rest)
    };
    Some((op, op_kind(rest)?))
}

/// The operation of `Add`, `Mul`, `Min`, `Max`, `And`, `Or`, `Xor`.
fn op_kind(rest: &str) -> Option<&'static str> {
    Some(match rest {
        "Add" => "add",
        "Mul" => "mul",
        "Min" => "min",
        "Max" => "max",
        "And" => "and",
        "Or" => "or",
        "Xor" => "xor",
        _ => return None,
    })
}

/// GL_AMD_shader_ballot's `{add,min,max}Invocations{,InclusiveScan,ExclusiveScan}`
/// `{,NonUniform}AMD`: reductions and scans over the active invocations (added by helper E).
fn amd_reduction(name: &str) -> Option<(Intrinsic, &'static str)> {
    let rest = name.strip_suffix("AMD")?;
    let rest = rest.strip_suffix("NonUniform").unwrap_or(rest);
    let (k, rest) = if let Some(r) = rest.strip_prefix("addInvocations") {
        ("add", r)
    } else if let Some(r) = rest.strip_prefix("minInvocations") {
        ("min", r)
    } else {
        ("max", rest.strip_prefix("maxInvocations")?)
    };
    let op = match rest {
        "" => Intrinsic::Reduce,
        "InclusiveScan" => Intrinsic::InclusiveScan,
        "ExclusiveScan" => Intrinsic::ExclusiveScan,
        _ => return None,
    };
    Some((op, k))
}

fn lower_vote(cx: &mut BuiltinCx<'_, '_>, op: Intrinsic, args: &[Arg]) -> Lowered {
    let v = cx.val(args, 0)?;
    let n = cx.b.num_components(v);
    let r = cx.b.intrinsic(op, &[v], n, 1, &[]);
    value(r.expect("votes have a result"))
}

fn invocation_id(cx: &mut BuiltinCx<'_, '_>) -> Result<ValueId, crate::LowerError> {
    read_var(cx, "gl_SubgroupInvocationID")
}

/// Loads a (32-bit scalar) built-in variable by name.
fn read_var(cx: &mut BuiltinCx<'_, '_>, name: &str) -> Result<ValueId, crate::LowerError> {
    let (var, ty, mode) = (cx.lookup_var)(name)
        .ok_or_else(|| cx.err(format!("this subgroup function needs {name}")))?;
    let d = cx.b.deref_var(var, ty, mode);
    Ok(cx.b.load_deref(d))
}

/// `Shuffle(v, id)` with a 32-bit index.
fn shuffle(cx: &mut BuiltinCx<'_, '_>, v: ValueId, id: ValueId) -> ValueId {
    let (n, bits) = (cx.b.num_components(v), cx.b.bit_size(v));
    cx.b.intrinsic(Intrinsic::Shuffle, &[v, id], n, bits, &[])
        .expect("shuffle has a result")
}

/// Component `index / 32` of a `uvec4` ballot (`index` a 32-bit value).
fn ballot_word(cx: &mut BuiltinCx<'_, '_>, ballot: ValueId, index: ValueId) -> ValueId {
    let five = cx.iconst(5, 32);
    let w = cx.op2(AluOp::Ushr, index, five);
    let mut acc = cx.b.channel(ballot, 3);
    for k in (0..3u8).rev() {
        let kk = cx.iconst(i64::from(k), 32);
        let is = cx.op2(AluOp::Ieq, w, kk);
        let c = cx.b.channel(ballot, k);
        acc = cx.op3(AluOp::Bcsel, is, c, acc);
    }
    acc
}

/// Bit `index` of a `uvec4` ballot, as a boolean.
fn ballot_bit(cx: &mut BuiltinCx<'_, '_>, ballot: ValueId, index: ValueId) -> ValueId {
    let word = ballot_word(cx, ballot, index);
    let m = cx.iconst(31, 32);
    let sh = cx.op2(AluOp::Iand, index, m);
    let bit = cx.op2(AluOp::Ushr, word, sh);
    let one = cx.iconst(1, 32);
    let bit = cx.op2(AluOp::Iand, bit, one);
    let zero = cx.iconst(0, 32);
    cx.op2(AluOp::Ine, bit, zero)
}

/// The number of set bits of a ballot below bit `limit` (a 32-bit value, 0..=128).
fn count_below(cx: &mut BuiltinCx<'_, '_>, ballot: ValueId, limit: ValueId) -> ValueId {
    let mut acc: Option<ValueId> = None;
    for k in 0..4u8 {
        // Bits of word k below the limit: limit - 32k clamped to [0, 32].
        let base = cx.iconst(32 * i64::from(k), 32);
        let rel = cx.op2(AluOp::Isub, limit, base);
        let zero = cx.iconst(0, 32);
        let thirty_two = cx.iconst(32, 32);
        let rel = cx.op2(AluOp::Imax, rel, zero);
        let rel = cx.op2(AluOp::Imin, rel, thirty_two);
        // mask = rel == 32 ? ~0 : (1 << rel) - 1
        let one = cx.iconst(1, 32);
        let sh = cx.op2(AluOp::Ishl, one, rel);
        let m = cx.op2(AluOp::Isub, sh, one);
        let all = cx.iconst(-1, 32);
        let full = cx.op2(AluOp::Ieq, rel, thirty_two);
        let mask = cx.op3(AluOp::Bcsel, full, all, m);
        let w = cx.b.channel(ballot, k);
        let bits = cx.op2(AluOp::Iand, w, mask);
        let n = cx.conv(AluOp::BitCount, 32, bits);
        acc = Some(match acc {
            None => n,
            Some(a) => cx.op2(AluOp::Iadd, a, n),
        });
    }
    acc.expect("four words")
}

/// `red`: [`reduction`] of `name`.
fn lower_known(
    cx: &mut BuiltinCx<'_, '_>,
    name: &str,
    red: Option<(Intrinsic, &'static str)>,
    args: &[Arg],
) -> Lowered {
    if let Some((op, k)) = red {
        let v = cx.val(args, 0)?;
        let s = cx.arg_shape(args, 0)?;
        let rop = match (k, s.is_float(), s.is_signed()) {
            ("add", true, _) => ReductionOp::Fadd,
            ("add", false, _) => ReductionOp::Iadd,
            ("mul", true, _) => ReductionOp::Fmul,
            ("mul", false, _) => ReductionOp::Imul,
            ("min", true, _) => ReductionOp::Fmin,
            ("min", false, true) => ReductionOp::Imin,
            ("min", false, false) => ReductionOp::Umin,
            ("max", true, _) => ReductionOp::Fmax,
            ("max", false, true) => ReductionOp::Imax,
            ("max", false, false) => ReductionOp::Umax,
            ("and", false, _) => ReductionOp::Iand,
            ("or", false, _) => ReductionOp::Ior,
            ("xor", false, _) => ReductionOp::Ixor,
            _ => return Err(cx.unsupported(name)),
        };
        // Inline lists (performance: no allocation per call).
        let mut idx: SmallVec<[(IndexKind, i64); 2]> =
            smallvec![(IndexKind::ReductionOp, rop.index())];
        if name.starts_with("subgroupClustered") {
            // The checker requires a constant power of two.
            let size = cx.val(args, 1)?;
            let size = cx
                .const_int(size)
                .filter(|&c| c > 0 && c <= 128 && (c as u64).is_power_of_two())
                .ok_or_else(|| {
                    cx.err(format!(
                        "the cluster size of `{name}` must be a constant power of two"
                    ))
                })?;
            idx.push((IndexKind::ClusterSize, size));
        }
        let srcs: SmallVec<[ValueId; 2]> = if matches!(
            op,
            Intrinsic::PartitionedReduce
                | Intrinsic::PartitionedInclusiveScan
                | Intrinsic::PartitionedExclusiveScan
        ) {
            smallvec![v, cx.val(args, 1)?]
        } else {
            smallvec![v]
        };
        let r = cx.b.intrinsic(op, &srcs, s.n, s.bits, &idx);
        return value(r.expect("reductions have a result"));
    }
    match name {
        "subgroupPartitionNV" => {
            let v = cx.val(args, 0)?;
            let n = cx.b.num_components(v);
            let r = cx.b.intrinsic(Intrinsic::Partition, &[v], n, 32, &[]);
            value(r.expect("partition has a result"))
        }
        "subgroupElect" => {
            let r = cx.b.intrinsic(Intrinsic::Elect, &[], 1, 1, &[]);
            value(r.expect("elect has a result"))
        }
        "subgroupBarrier" | "subgroupMemoryBarrier" => {
            let m = mem_mask(&[VarMode::Ssbo, VarMode::Shared, VarMode::Uniform]);
            cx.b.intrinsic(
                Intrinsic::MemoryBarrier,
                &[],
                0,
                0,
                &[(IndexKind::Memory, m)],
            );
            Ok(None)
        }
        "subgroupMemoryBarrierBuffer"
        | "subgroupMemoryBarrierImage"
        | "subgroupMemoryBarrierShared" => {
            let mode = match name {
                "subgroupMemoryBarrierBuffer" => VarMode::Ssbo,
                "subgroupMemoryBarrierImage" => VarMode::Uniform,
                _ => VarMode::Shared,
            };
            cx.b.intrinsic(
                Intrinsic::MemoryBarrier,
                &[],
                0,
                0,
                &[(IndexKind::Memory, mem_mask(&[mode]))],
            );
            Ok(None)
        }
        "subgroupBroadcast" | "readInvocationARB" | "subgroupShuffle" => {
            let v = cx.val(args, 0)?;
            let id = cx.val(args, 1)?;
            let id = cx.conv(AluOp::U2u, 32, id);
            let op = if name == "subgroupShuffle" {
                Intrinsic::Shuffle
            } else {
                Intrinsic::ReadInvocation
            };
            let (n, bits) = (cx.b.num_components(v), cx.b.bit_size(v));
            let r = cx.b.intrinsic(op, &[v, id], n, bits, &[]);
            value(r.expect("has a result"))
        }
        "subgroupShuffleXor" | "subgroupShuffleUp" | "subgroupShuffleDown" => {
            let v = cx.val(args, 0)?;
            let d = cx.val(args, 1)?;
            let me = invocation_id(cx)?;
            let op = match name {
                "subgroupShuffleXor" => AluOp::Ixor,
                "subgroupShuffleUp" => AluOp::Isub,
                _ => AluOp::Iadd,
            };
            let id = cx.op2(op, me, d);
            let (n, bits) = (cx.b.num_components(v), cx.b.bit_size(v));
            let r = cx.b.intrinsic(Intrinsic::Shuffle, &[v, id], n, bits, &[]);
            value(r.expect("shuffle has a result"))
        }
        "subgroupQuadBroadcast"
        | "subgroupQuadSwapHorizontal"
        | "subgroupQuadSwapVertical"
        | "subgroupQuadSwapDiagonal" => {
            // The invocation of the quad: (me & ~3) | id, or me ^ 1, 2, 3 for the swaps.
            let v = cx.val(args, 0)?;
            let me = invocation_id(cx)?;
            let id = if name == "subgroupQuadBroadcast" {
                let q = cx.val(args, 1)?;
                let q = cx.conv(AluOp::U2u, 32, q);
                let m = cx.iconst(!3, 32);
                let base = cx.op2(AluOp::Iand, me, m);
                cx.op2(AluOp::Ior, base, q)
            } else {
                let k = match name {
                    "subgroupQuadSwapHorizontal" => 1,
                    "subgroupQuadSwapVertical" => 2,
                    _ => 3,
                };
                let k = cx.iconst(k, 32);
                cx.op2(AluOp::Ixor, me, k)
            };
            value(shuffle(cx, v, id))
        }
        "subgroupQuadAll" | "subgroupQuadAny" => {
            // The four values of the quad, combined.
            let v = cx.val(args, 0)?;
            let me = invocation_id(cx)?;
            let m = cx.iconst(!3, 32);
            let base = cx.op2(AluOp::Iand, me, m);
            let op = if name == "subgroupQuadAll" {
                AluOp::Iand
            } else {
                AluOp::Ior
            };
            let mut acc: Option<ValueId> = None;
            for k in 0..4 {
                let kk = cx.iconst(k, 32);
                let id = cx.op2(AluOp::Ior, base, kk);
                let x = shuffle(cx, v, id);
                acc = Some(match acc {
                    None => x,
                    Some(a) => cx.op2(op, a, x),
                });
            }
            value(acc.expect("four invocations"))
        }
        "subgroupRotate" | "subgroupClusteredRotate" => {
            // (me + delta) mod size, within the cluster for the clustered form.
            let v = cx.val(args, 0)?;
            let delta = cx.val(args, 1)?;
            let me = invocation_id(cx)?;
            let size = if name == "subgroupRotate" {
                read_var(cx, "gl_SubgroupSize")?
            } else {
                cx.val(args, 2)?
            };
            let one = cx.iconst(1, 32);
            let m = cx.op2(AluOp::Isub, size, one);
            let sum = cx.op2(AluOp::Iadd, me, delta);
            let within = cx.op2(AluOp::Iand, sum, m);
            let keep = cx.op1(AluOp::Inot, m);
            let base = cx.op2(AluOp::Iand, me, keep);
            let id = cx.op2(AluOp::Ior, base, within);
            value(shuffle(cx, v, id))
        }
        "subgroupBroadcastFirst" | "readFirstInvocationARB" => {
            let v = cx.val(args, 0)?;
            let (n, bits) = (cx.b.num_components(v), cx.b.bit_size(v));
            let r =
                cx.b.intrinsic(Intrinsic::ReadFirstInvocation, &[v], n, bits, &[]);
            value(r.expect("has a result"))
        }
        "subgroupBallot" | "ballotARB" => {
            let v = cx.val(args, 0)?;
            let r =
                cx.b.intrinsic(Intrinsic::Ballot, &[v], 1, 32, &[])
                    .expect("ballot has a result");
            if name == "ballotARB" {
                // A 64-bit mask: the low two words.
                let lo = cx.b.swizzle(r, &[0, 1]);
                return value(cx.b.alu(AluOp::Pack64_2x32, &[lo]));
            }
            value(r)
        }
        "subgroupInverseBallot" => {
            let v = cx.val(args, 0)?;
            let me = invocation_id(cx)?;
            value(ballot_bit(cx, v, me))
        }
        "subgroupBallotBitExtract" => {
            let v = cx.val(args, 0)?;
            let i = cx.val(args, 1)?;
            value(ballot_bit(cx, v, i))
        }
        "subgroupBallotBitCount" => {
            let v = cx.val(args, 0)?;
            let c = cx.conv(AluOp::BitCount, 32, v);
            value(cx.sum(c, false))
        }
        "subgroupBallotInclusiveBitCount" | "subgroupBallotExclusiveBitCount" => {
            let v = cx.val(args, 0)?;
            let me = invocation_id(cx)?;
            let limit = if name.contains("Inclusive") {
                let one = cx.iconst(1, 32);
                cx.op2(AluOp::Iadd, me, one)
            } else {
                me
            };
            value(count_below(cx, v, limit))
        }
        "subgroupBallotFindLSB" | "subgroupBallotFindMSB" => {
            let v = cx.val(args, 0)?;
            let lsb = name.ends_with("LSB");
            let order: [u8; 4] = if lsb { [3, 2, 1, 0] } else { [0, 1, 2, 3] };
            let mut acc: Option<ValueId> = None;
            let zero = cx.iconst(0, 32);
            for k in order {
                let w = cx.b.channel(v, k);
                let f = cx.conv(if lsb { AluOp::FindLsb } else { AluOp::UfindMsb }, 32, w);
                let base = cx.iconst(32 * i64::from(k), 32);
                let r = cx.op2(AluOp::Iadd, f, base);
                acc = Some(match acc {
                    None => r,
                    Some(a) => {
                        let nz = cx.op2(AluOp::Ine, w, zero);
                        cx.op3(AluOp::Bcsel, nz, r, a)
                    }
                });
            }
            value(acc.expect("four words"))
        }
        _ => Err(cx.unsupported(name)),
    }
}
