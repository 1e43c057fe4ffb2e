//! Property: constant folding equals interpretation. For every ALU operation (but the
//! derivatives), random operands of random sizes are computed once by the interpreter
//! executing the instruction and once by `opt_constant_folding` folding it; the results
//! must be the same bits.

use fresnel_interp::Interp;
use fresnel_ir::{
    AluOp, AluSrc, BaseType, Builder, Function, InstrKind, Shader, Stage, TypeClass, VarMode,
    Variable, ALL_ALU_OPS,
};
use fresnel_opt::Pass;
use proptest::prelude::*;

const FLOATS: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    2.0,
    3.75,
    -7.25,
    1e-3,
    65504.0,
    1e30,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    0.3,
    -2.5,
];

fn float_bits(x: f64, bits: u8) -> u64 {
    fresnel_ir::builder::float_bits(x, bits)
}

/// Builds `out = op(consts...)`; returns None for shapes the operation does not take.
fn build(op: AluOp, n: u8, bits: u8, dest_bits: u8, seeds: &[u64]) -> Option<Shader> {
    let info = op.info();
    if info.cross_invocation || info.dest_size > 4 || info.src_size.iter().any(|&s| s > 4) {
        return None;
    }
    let n = if info.dest_size != 0 {
        info.dest_size
    } else {
        n
    };
    let mut sh = Shader::new(Stage::Vertex);
    let fid = sh.functions.push(Function::new("main"));
    sh.entry = Some(fid);
    let dbits = op
        .fixed_dest_bits()
        .unwrap_or(if info.conversion { dest_bits } else { bits });
    let base = if dbits == 1 {
        BaseType::Bool
    } else {
        BaseType::Uint
    };
    let out_ty = sh.types.vector(base, dbits, n);
    let out = sh.add_var(Variable::new("out", out_ty, VarMode::ShaderOut));
    let Shader {
        functions, types, ..
    } = &mut sh;
    let mut b = Builder::new(&mut functions[fid], types);
    let mut srcs = Vec::new();
    let mut seed = seeds.iter().copied().cycle();
    for k in 0..usize::from(info.num_srcs) {
        let comps = if info.src_size[k] != 0 {
            info.src_size[k]
        } else {
            n
        };
        let sb = op.fixed_src_bits(k).unwrap_or(bits);
        let vals: Vec<u64> = (0..comps)
            .map(|_| {
                let s = seed.next().unwrap_or(0);
                match info.src_class[k] {
                    TypeClass::Float if sb >= 16 => {
                        float_bits(FLOATS[(s % FLOATS.len() as u64) as usize], sb)
                    }
                    TypeClass::Bool => s & 1,
                    _ if s % 3 == 0 => s % 40,
                    _ => fresnel_ir::builder::mask_bits(s.rotate_left(17), sb.max(1)),
                }
            })
            .collect();
        srcs.push(AluSrc::new(b.constant(sb, &vals)));
    }
    let v = b.alu_full(op, dbits, n, &srcs, false);
    let d = b.deref_var(out, out_ty, VarMode::ShaderOut);
    b.store_deref(d, v, (1 << n) - 1);
    b.finish();
    fresnel_ir::validate(&sh).ok()?;
    Some(sh)
}

fn run(sh: &Shader) -> Result<Vec<u64>, String> {
    let mut it = Interp::new(sh).map_err(|e| e.to_string())?;
    it.run_vertex(1).map_err(|e| e.to_string())?;
    Ok(it.output("out").ok_or("no output")?[0].clone())
}

fn folded_alu_left(sh: &Shader) -> bool {
    let f = &sh.functions[sh.entry.unwrap()];
    f.instrs_in_order()
        .iter()
        .any(|&i| matches!(f.instrs[i].kind, InstrKind::Alu(_)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]
    #[test]
    fn folding_equals_interpretation(
        op_index in 0..ALL_ALU_OPS.len(),
        n in 1u8..=4,
        bits_choice in 0usize..6,
        dest_choice in 0usize..3,
        seeds in proptest::collection::vec(any::<u64>(), 12),
    ) {
        let op = ALL_ALU_OPS[op_index];
        // Mostly 32-bit, sometimes 16 and 64.
        let bits = [32, 32, 32, 32, 16, 64][bits_choice];
        let dest_bits = [32, 16, 64][dest_choice];
        let Some(sh) = build(op, n, bits, dest_bits, &seeds) else {
            return Ok(());
        };
        let before = run(&sh);
        let mut folded = sh.clone();
        fresnel_opt::opt_constant_folding::ConstantFolding.run(&mut folded);
        fresnel_ir::validate(&folded).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        match before {
            Ok(expect) => {
                prop_assert!(
                    !folded_alu_left(&folded),
                    "{} was not folded although it executes:\n{}",
                    op.info().name,
                    sh
                );
                let got = run(&folded).map_err(TestCaseError::fail)?;
                prop_assert_eq!(got, expect, "{} folded differently:\n{}", op.info().name, sh);
            }
            Err(_) => {
                // What the interpreter refuses is left for it to report.
                prop_assert!(folded_alu_left(&folded), "{} folded an error:\n{}", op.info().name, sh);
            }
        }
    }
}

/// Every ALU operation but the derivatives builds and is compared at some size.
#[test]
fn every_operation_is_covered() {
    let seeds: Vec<u64> = (1..=12u64)
        .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .collect();
    let mut missing = Vec::new();
    let mut compared = 0;
    for &op in ALL_ALU_OPS {
        if op.info().cross_invocation {
            continue;
        }
        let mut any = false;
        for n in 1..=4 {
            for bits in [32, 16, 64] {
                let Some(sh) = build(op, n, bits, 32, &seeds) else {
                    continue;
                };
                any = true;
                let mut folded = sh.clone();
                fresnel_opt::opt_constant_folding::ConstantFolding.run(&mut folded);
                if let Ok(expect) = run(&sh) {
                    compared += 1;
                    assert_eq!(run(&folded).unwrap(), expect, "{}:\n{sh}", op.info().name);
                }
            }
        }
        if !any {
            missing.push(op.info().name);
        }
    }
    eprintln!("{compared} shapes compared; not built: {missing:?}");
    assert!(missing.is_empty(), "operations never built: {missing:?}");
}
