//! Property: `lower_matrix_ops` computes what the matrix opcodes evaluate to. For every
//! `fdetN` / `finverseN_colJ` and float size, random matrices (small integers and
//! fractions, sometimes singular, sometimes NaN or infinite entries) are run by the
//! interpreter once as the opcode and once expanded; the results must be the same bits, a
//! NaN matching any NaN (Rust leaves the sign and payload of a NaN that arithmetic produces
//! unspecified, and an optimized build gives a different sign than a debug one).

use fresnel_interp::Interp;
use fresnel_ir::{
    AluOp, AluSrc, BaseType, Builder, Function, InstrKind, Shader, Stage, VarMode, Variable,
    ALL_ALU_OPS,
};
use fresnel_opt::Pass;
use proptest::prelude::*;

const VALUES: &[f64] = &[
    0.0, 1.0, -1.0, 2.0, 0.5, -3.0, 4.25, 7.0, -0.125, 10.0, 0.3, -2.5, 1e-3, 1e20,
];

fn matrix_ops() -> Vec<AluOp> {
    ALL_ALU_OPS
        .iter()
        .copied()
        .filter(|o| o.matrix_op().is_some())
        .collect()
}

/// `out = op(columns)`, the columns constants (only the lowering runs, no folding).
fn build(op: AluOp, bits: u8, seeds: &[u64], special: Option<f64>) -> Shader {
    let info = op.info();
    let (n, _) = op.matrix_op().unwrap();
    let dn = info.dest_size;
    let mut sh = Shader::new(Stage::Vertex);
    let fid = sh.functions.push(Function::new("main"));
    sh.entry = Some(fid);
    let out_ty = sh.types.vector(BaseType::Uint, bits, dn);
    let out = sh.add_var(Variable::new("out", out_ty, VarMode::ShaderOut));
    let Shader {
        functions, types, ..
    } = &mut sh;
    let mut b = Builder::new(&mut functions[fid], types);
    let mut srcs = Vec::new();
    let mut seed = seeds.iter().copied().cycle();
    for k in 0..n {
        let vals: Vec<u64> = (0..n)
            .map(|r| {
                let s = seed.next().unwrap_or(0);
                let x = match special {
                    Some(x) if k == 1 && r == 0 => x,
                    _ => VALUES[(s % VALUES.len() as u64) as usize],
                };
                fresnel_ir::builder::float_bits(x, bits)
            })
            .collect();
        srcs.push(AluSrc::new(b.constant(bits, &vals)));
    }
    let v = b.alu_full(op, bits, dn, &srcs, false);
    let d = b.deref_var(out, out_ty, VarMode::ShaderOut);
    b.store_deref(d, v, (1 << dn) - 1);
    b.finish();
    fresnel_ir::validate(&sh).unwrap();
    sh
}

fn run(sh: &Shader) -> Vec<u64> {
    let mut it = Interp::new(sh).unwrap();
    it.run_vertex(1).unwrap();
    it.output("out").unwrap()[0].clone()
}

fn check(op: AluOp, bits: u8, seeds: &[u64], special: Option<f64>) -> Result<(), String> {
    let sh = build(op, bits, seeds, special);
    let expect = run(&sh);
    let mut lowered = sh.clone();
    assert!(fresnel_opt::lower_matrix_ops::LowerMatrixOps.run(&mut lowered));
    fresnel_ir::validate(&lowered).map_err(|e| format!("{e:?}"))?;
    let f = &lowered.functions[lowered.entry.unwrap()];
    let left = f
        .instrs_in_order()
        .iter()
        .any(|&i| matches!(&f.instrs[i].kind, InstrKind::Alu(a) if a.op.matrix_op().is_some()));
    if left {
        return Err(format!("{} not expanded", op.name()));
    }
    let got = run(&lowered);
    let nan = |x: u64| match bits {
        16 => x & 0x7c00 == 0x7c00 && x & 0x03ff != 0,
        32 => f32::from_bits(x as u32).is_nan(),
        _ => f64::from_bits(x).is_nan(),
    };
    let same = got.len() == expect.len()
        && got
            .iter()
            .zip(&expect)
            .all(|(&g, &e)| g == e || (nan(g) && nan(e)));
    if !same {
        return Err(format!("{}: {got:x?} != {expect:x?}\n{sh}", op.name()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]
    #[test]
    fn expansion_equals_opcode(
        op_index in 0..12usize,
        bits_choice in 0usize..4,
        special_choice in 0usize..8,
        seeds in proptest::collection::vec(any::<u64>(), 16),
    ) {
        let ops = matrix_ops();
        let op = ops[op_index % ops.len()];
        let bits = [32, 32, 64, 16][bits_choice];
        let special = [None, None, None, None, None, Some(f64::NAN), Some(f64::INFINITY), Some(-0.0)][special_choice];
        check(op, bits, &seeds, special).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn every_matrix_op_expands_exactly() {
    let ops = matrix_ops();
    assert_eq!(ops.len(), 12);
    let seeds: Vec<u64> = (1..=16u64).map(|i| i * 7 + 3).collect();
    for op in ops {
        for bits in [16, 32, 64] {
            check(op, bits, &seeds, None).unwrap();
        }
    }
}
