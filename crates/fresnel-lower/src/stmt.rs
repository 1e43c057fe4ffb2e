//! Statements: declarations, `if`, loops (`continue` runs the step), `switch` (a loop with a
//! fall-through flag), jumps (through flags when they leave several constructs), `discard`.

use fresnel_ir::{AluOp, Intrinsic, JumpKind, VarId};
use fresnel_sema::constant::ConstValue;
use fresnel_sema::hir::{self, StmtKind};
use fresnel_syntax::source::Span;

use crate::func::{Ctl, CtlKind, FnCx, Local};
use crate::types::{shape, Shape};
use crate::vars::scalar_bits;
use crate::LowerError;

/// Where a jump goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Goal {
    Break,
    Continue,
    Return,
}

/// Whether a statement tree holds a `continue` for the loop around it.
fn has_continue(m: &hir::Module, s: hir::StmtId) -> bool {
    match &m.stmt(s).kind {
        StmtKind::Continue => true,
        StmtKind::Block(v) | StmtKind::Switch { body: v, .. } => {
            v.iter().any(|x| has_continue(m, *x))
        }
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => has_continue(m, *then_branch) || else_branch.is_some_and(|e| has_continue(m, e)),
        _ => false,
    }
}

/// Whether a statement tree (not entering nested loops) holds a `switch`.
fn has_switch(m: &hir::Module, s: hir::StmtId) -> bool {
    match &m.stmt(s).kind {
        StmtKind::Switch { .. } => true,
        StmtKind::Block(v) => v.iter().any(|x| has_switch(m, *x)),
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => has_switch(m, *then_branch) || else_branch.is_some_and(|e| has_switch(m, e)),
        _ => false,
    }
}

impl FnCx<'_, '_, '_> {
    pub fn stmt(&mut self, s: hir::StmtId) -> Result<(), LowerError> {
        let m = self.cx.m;
        let st = m.stmt(s);
        let span = st.span;
        self.span = span;
        self.check_size()?;
        match &st.kind {
            StmtKind::Block(v) => {
                for x in v {
                    self.stmt(*x)?;
                }
            }
            StmtKind::Expr(e) => {
                self.expr_opt(*e)?;
            }
            StmtKind::Decl(vs) => {
                for v in vs {
                    self.declare(*v)?;
                }
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                // A constant condition (`if (false)`, `degrees(0.0) != 0.0`): only the branch
                // taken is lowered, so a dead branch may call a function that is declared and
                // never defined, as GL's linkers allow.
                if let (hir::ExprKind::Const(c), false) =
                    (&m.expr(*cond).kind, m.is_spec_expr(*cond))
                {
                    if let Some(taken) = c.as_bool() {
                        if taken {
                            self.stmt(*then_branch)?;
                        } else if let Some(e) = else_branch {
                            self.stmt(*e)?;
                        }
                        return Ok(());
                    }
                }
                let c = self.expr_value(*cond)?;
                let i = self.b.push_if(c);
                self.stmt(*then_branch)?;
                self.b.push_else(i);
                if let Some(e) = else_branch {
                    self.stmt(*e)?;
                }
                self.b.pop_if(i);
            }
            StmtKind::Switch { selector, body } => self.switch(*selector, body)?,
            StmtKind::Case(_) | StmtKind::Default | StmtKind::Empty => {}
            StmtKind::While {
                cond_var,
                cond,
                body,
            } => {
                let flag = has_switch(m, *body).then(|| self.new_flag());
                let lp = self.b.push_loop();
                self.ctl.push(Ctl {
                    kind: CtlKind::Loop,
                    flag,
                    checks: Vec::new(),
                });
                let r = (|| {
                    if let Some(v) = cond_var {
                        self.declare(*v)?;
                    }
                    self.break_unless(*cond)?;
                    self.stmt(*body)
                })();
                self.close_loop(lp, r)?;
            }
            StmtKind::DoWhile { body, cond } => {
                let first = if has_continue(m, *body) {
                    Some(self.bool_var("first", true))
                } else {
                    None
                };
                let flag = has_switch(m, *body).then(|| self.new_flag());
                let lp = self.b.push_loop();
                self.ctl.push(Ctl {
                    kind: CtlKind::Loop,
                    flag,
                    checks: Vec::new(),
                });
                let r = (|| {
                    if let Some(f) = first {
                        let d = self.deref_var(f);
                        let v = self.b.load_deref(d);
                        let i = self.b.push_if(v);
                        self.b.push_else(i);
                        self.break_unless(*cond)?;
                        self.b.pop_if(i);
                        self.set_bool(f, false);
                        self.stmt(*body)
                    } else {
                        self.stmt(*body)?;
                        self.break_unless(*cond)
                    }
                })();
                self.close_loop(lp, r)?;
            }
            StmtKind::For {
                init,
                cond_var,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.stmt(*i)?;
                }
                let first = if step.is_some() && has_continue(m, *body) {
                    Some(self.bool_var("first", true))
                } else {
                    None
                };
                let flag = has_switch(m, *body).then(|| self.new_flag());
                let lp = self.b.push_loop();
                self.ctl.push(Ctl {
                    kind: CtlKind::Loop,
                    flag,
                    checks: Vec::new(),
                });
                let r = (|| {
                    if let (Some(f), Some(st)) = (first, step) {
                        let d = self.deref_var(f);
                        let v = self.b.load_deref(d);
                        let i = self.b.push_if(v);
                        self.b.push_else(i);
                        self.expr_opt(*st)?;
                        self.b.pop_if(i);
                        self.set_bool(f, false);
                    }
                    if let Some(v) = cond_var {
                        self.declare(*v)?;
                    }
                    if let Some(c) = cond {
                        self.break_unless(*c)?;
                    }
                    self.stmt(*body)?;
                    if first.is_none() {
                        if let Some(st) = step {
                            self.expr_opt(*st)?;
                        }
                    }
                    Ok(())
                })();
                self.close_loop(lp, r)?;
            }
            StmtKind::Break => self.jump(Goal::Break, span)?,
            StmtKind::Continue => self.jump(Goal::Continue, span)?,
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    let val = self.expr(*e)?;
                    let ret = self
                        .ctl
                        .iter()
                        .rev()
                        .find_map(|c| match c.kind {
                            CtlKind::Inline { ret, .. } => Some(ret),
                            _ => None,
                        })
                        .unwrap_or(self.ret);
                    if let Some((v, ty)) = ret {
                        let d = self.deref_var(v);
                        self.store(d, ty, &val)?;
                    }
                }
                self.jump(Goal::Return, span)?;
            }
            StmtKind::Discard | StmtKind::TerminateInvocation => {
                self.b.intrinsic(Intrinsic::Terminate, &[], 0, 0, &[]);
            }
            StmtKind::Demote => {
                self.b.intrinsic(Intrinsic::Demote, &[], 0, 0, &[]);
            }
            StmtKind::IgnoreIntersection => self.end_ray_invocation(false),
            StmtKind::TerminateRay => self.end_ray_invocation(true),
        }
        Ok(())
    }

    /// Closes a loop opened with its control entry pushed.
    fn close_loop(
        &mut self,
        lp: Option<fresnel_ir::LoopId>,
        r: Result<(), LowerError>,
    ) -> Result<(), LowerError> {
        let c = self.ctl.pop().expect("loop entry");
        self.b.pop_loop(lp);
        r?;
        self.after_construct(&c)
    }

    /// A local variable declaration with its initializer.
    pub fn declare(&mut self, v: hir::VarId) -> Result<(), LowerError> {
        let m = self.cx.m;
        let var = m.var(v);
        if var.constant.is_some() && !matches!(shape(m, var.ty), Shape::Memory) {
            // Reads use the value.
            return Ok(());
        }
        let name = self.cx.interner.resolve(var.name).to_string();
        let iv = self.temp(&name, var.ty, var.span)?;
        self.size_implicit_local(iv, v);
        self.locals.insert(v, Local::Var(iv));
        if let Some(init) = var.init {
            let exact_from = self.b.func.instrs.len();
            let val = self.expr(init)?;
            let d = self.deref_var(iv);
            self.store(d, var.ty, &val)?;
            if var.quals.precise {
                self.mark_exact(exact_from);
            }
        }
        Ok(())
    }

    fn bool_var(&mut self, name: &str, init: bool) -> VarId {
        let bt = self.b.types.scalar(fresnel_ir::BaseType::Bool, 1);
        let v = self.new_local(name, bt);
        self.set_bool(v, init);
        v
    }

    fn set_bool(&mut self, v: VarId, x: bool) {
        let d = self.deref_var(v);
        let c = self.b.imm_bool(x);
        self.b.store_deref(d, c, 1);
    }

    /// `if (!cond) break;`
    fn break_unless(&mut self, cond: hir::ExprId) -> Result<(), LowerError> {
        let c = self.expr_value(cond)?;
        let i = self.b.push_if(c);
        self.b.push_else(i);
        self.b.jump(JumpKind::Break);
        self.b.pop_if(i);
        Ok(())
    }

    /// `break`, `continue` or `return` from the current point.
    pub fn jump(&mut self, goal: Goal, span: Span) -> Result<(), LowerError> {
        let target = match goal {
            Goal::Break => self
                .ctl
                .iter()
                .rposition(|c| matches!(c.kind, CtlKind::Loop | CtlKind::Switch)),
            Goal::Continue => self
                .ctl
                .iter()
                .rposition(|c| matches!(c.kind, CtlKind::Loop)),
            Goal::Return => self
                .ctl
                .iter()
                .rposition(|c| matches!(c.kind, CtlKind::Inline { .. })),
        };
        let Some(t) = target else {
            if goal == Goal::Return {
                self.b.jump(JumpKind::Return);
                return Ok(());
            }
            return Err(LowerError::new(
                "`break` or `continue` outside a loop",
                Some(span),
            ));
        };
        if let CtlKind::Inline { flat: true, .. } = self.ctl[t].kind {
            // The last statement of a body inlined without a loop: nothing to jump over.
            if t + 1 != self.ctl.len() {
                return Err(LowerError::new(
                    "internal error: an early return in a function inlined without a loop",
                    Some(span),
                ));
            }
            return Ok(());
        }
        if t + 1 == self.ctl.len() {
            if goal == Goal::Continue {
                if let Some(f) = self.ctl[t].flag {
                    self.set_bool(f, false);
                }
                self.b.jump(JumpKind::Continue);
            } else {
                self.b.jump(JumpKind::Break);
            }
            return Ok(());
        }
        let Some(flag) = self.ctl[t].flag else {
            return Err(LowerError::new(
                "internal error: a jump leaves several constructs without a flag",
                Some(span),
            ));
        };
        self.set_bool(flag, true);
        for c in t + 1..self.ctl.len() {
            if !self.ctl[c].checks.contains(&t) {
                self.ctl[c].checks.push(t);
            }
        }
        self.b.jump(JumpKind::Break);
        Ok(())
    }

    /// After a construct closed: re-issues the jumps that left it on their way out.
    pub fn after_construct(&mut self, c: &Ctl) -> Result<(), LowerError> {
        for &t in &c.checks {
            let Some(entry) = self.ctl.get(t) else {
                continue;
            };
            let goal = match entry.kind {
                CtlKind::Loop => Goal::Continue,
                CtlKind::Inline { .. } => Goal::Return,
                CtlKind::Switch => Goal::Break,
            };
            let Some(flag) = entry.flag else { continue };
            let d = self.deref_var(flag);
            let v = self.b.load_deref(d);
            let i = self.b.push_if(v);
            self.jump(goal, Span::default())?;
            self.b.pop_if(i);
        }
        Ok(())
    }

    fn switch(&mut self, selector: hir::ExprId, body: &[hir::StmtId]) -> Result<(), LowerError> {
        let m = self.cx.m;
        let sel = self.expr_value(selector)?;
        let bits = self.b.bit_size(sel);
        let mask = |x: u64| fresnel_ir::builder::mask_bits(x, bits);
        // Groups of labels with the statements that follow them.
        let mut all = Vec::new();
        let groups = case_groups(m, body, |c| {
            let k = mask(case_bits(c));
            all.push(k);
            k
        });
        if let Some(chain) = if_chain(m, &groups) {
            return self.switch_as_ifs(sel, bits, chain);
        }
        let ft = self.new_flag();
        let lp = self.b.push_loop();
        self.ctl.push(Ctl {
            kind: CtlKind::Switch,
            flag: None,
            checks: Vec::new(),
        });
        let r = (|| {
            for (labels, stmts) in &groups {
                let d = self.deref_var(ft);
                let mut cond = self.b.load_deref(d);
                for l in labels {
                    let hit = match l {
                        Some(k) => {
                            let kv = self.b.constant(bits, &[*k]);
                            self.b.alu(AluOp::Ieq, &[sel, kv])
                        }
                        None => {
                            let mut any = self.b.imm_bool(false);
                            for k in &all {
                                let kv = self.b.constant(bits, &[*k]);
                                let e = self.b.alu(AluOp::Ieq, &[sel, kv]);
                                any = self.b.alu(AluOp::Ior, &[any, e]);
                            }
                            self.b.alu(AluOp::Inot, &[any])
                        }
                    };
                    cond = self.b.alu(AluOp::Ior, &[cond, hit]);
                }
                let i = self.b.push_if(cond);
                self.set_bool(ft, true);
                for s in stmts {
                    self.stmt(*s)?;
                }
                self.b.pop_if(i);
            }
            if !self.b.is_dead() {
                self.b.jump(JumpKind::Break);
            }
            Ok(())
        })();
        self.close_loop(lp, r)
    }
}

/// The statements of each case group (trailing `break`s dropped) when the switch with this
/// body is lowered as an `if` chain (see [`if_chain`]); `None` when it needs the loop.
pub(crate) fn switch_chain_groups(
    m: &hir::Module,
    body: &[hir::StmtId],
) -> Option<Vec<Vec<hir::StmtId>>> {
    let chain = if_chain(m, &case_groups(m, body, |_| 0))?;
    let mut out: Vec<Vec<hir::StmtId>> = chain.cases.into_iter().map(|(_, s)| s).collect();
    out.extend(chain.default);
    Some(out)
}

/// The groups of a switch body: the labels (`None`: `default`) and the statements after
/// them. `label` gives a case's value.
fn case_groups(
    m: &hir::Module,
    body: &[hir::StmtId],
    mut label: impl FnMut(&ConstValue) -> u64,
) -> Vec<(Vec<Option<u64>>, Vec<hir::StmtId>)> {
    let mut groups: Vec<(Vec<Option<u64>>, Vec<hir::StmtId>)> = Vec::new();
    for &s in body {
        match &m.stmt(s).kind {
            StmtKind::Case(c) => {
                let k = label(c);
                match groups.last_mut() {
                    Some((l, st)) if st.is_empty() => l.push(Some(k)),
                    _ => groups.push((vec![Some(k)], Vec::new())),
                }
            }
            StmtKind::Default => match groups.last_mut() {
                Some((l, st)) if st.is_empty() => l.push(None),
                _ => groups.push((vec![None], Vec::new())),
            },
            _ => {
                if let Some((_, st)) = groups.last_mut() {
                    st.push(s);
                }
            }
        }
    }
    groups
}

/// A switch whose groups never fall through into the next one, as a chain of `if`s.
struct Chain {
    /// (case labels, statements) of the groups without `default`, in order.
    cases: Vec<(Vec<u64>, Vec<hir::StmtId>)>,
    /// The statements of the group holding `default` (runs when no label matches).
    default: Option<Vec<hir::StmtId>>,
}

/// The switch as an `if` chain, when no group falls through into the next one (each ends in
/// a `break`, `continue`, `return` or `discard`, or is the last) and no `break` leaves a
/// group from inside another construct. Trailing `break`s are dropped; the rest is the
/// general lowering's job (a loop with a fall-through flag).
fn if_chain(m: &hir::Module, groups: &[(Vec<Option<u64>>, Vec<hir::StmtId>)]) -> Option<Chain> {
    let mut chain = Chain {
        cases: Vec::new(),
        default: None,
    };
    for (gi, (labels, stmts)) in groups.iter().enumerate() {
        let mut flat = Vec::new();
        let ends = flatten_tail(m, stmts, &mut flat);
        if !ends && gi + 1 != groups.len() {
            return None;
        }
        if flat.iter().any(|&s| has_break(m, s)) {
            return None;
        }
        if labels.contains(&None) {
            // The default group is lowered last: declarations in it may be used after it.
            let declares = flat
                .iter()
                .any(|&s| matches!(m.stmt(s).kind, StmtKind::Decl(_)));
            if declares && gi + 1 != groups.len() {
                return None;
            }
            chain.default = Some(flat);
        } else {
            chain
                .cases
                .push((labels.iter().flatten().copied().collect(), flat));
        }
    }
    Some(chain)
}

/// Appends `stmts` to `out` without a trailing `break` (looking into trailing blocks);
/// returns whether control cannot fall off the end (a `break` was dropped, or the last
/// statement is another jump).
fn flatten_tail(m: &hir::Module, stmts: &[hir::StmtId], out: &mut Vec<hir::StmtId>) -> bool {
    let Some((&last, init)) = stmts.split_last() else {
        return false;
    };
    out.extend_from_slice(init);
    match &m.stmt(last).kind {
        StmtKind::Break => true,
        StmtKind::Block(v) => flatten_tail(m, v, out),
        StmtKind::Continue
        | StmtKind::Return(_)
        | StmtKind::Discard
        | StmtKind::TerminateInvocation => {
            out.push(last);
            true
        }
        _ => {
            out.push(last);
            false
        }
    }
}

/// Whether a statement tree holds a `break` of the construct around it (not entering
/// loops and switches, whose breaks are their own).
fn has_break(m: &hir::Module, s: hir::StmtId) -> bool {
    match &m.stmt(s).kind {
        StmtKind::Break => true,
        StmtKind::Block(v) => v.iter().any(|x| has_break(m, *x)),
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => has_break(m, *then_branch) || else_branch.is_some_and(|e| has_break(m, e)),
        _ => false,
    }
}

impl FnCx<'_, '_, '_> {
    /// Lowers a switch that [`if_chain`] accepted: `if (sel == a || sel == b) {...} else
    /// if (...) {...} else { default }`.
    fn switch_as_ifs(
        &mut self,
        sel: fresnel_ir::ValueId,
        bits: u8,
        chain: Chain,
    ) -> Result<(), LowerError> {
        let mut open = Vec::new();
        let mut r = Ok(());
        for (labels, stmts) in &chain.cases {
            let mut cond = None;
            for &k in labels {
                let kv = self.b.constant(bits, &[k]);
                let hit = self.b.alu(AluOp::Ieq, &[sel, kv]);
                cond = Some(match cond {
                    Some(c) => self.b.alu(AluOp::Ior, &[c, hit]),
                    None => hit,
                });
            }
            let Some(cond) = cond else { continue };
            let i = self.b.push_if(cond);
            open.push(i);
            for &s in stmts {
                r = self.stmt(s);
                if r.is_err() {
                    break;
                }
            }
            self.b.push_else(i);
            if r.is_err() {
                break;
            }
        }
        if r.is_ok() {
            for &s in chain.default.iter().flatten() {
                r = self.stmt(s);
                if r.is_err() {
                    break;
                }
            }
        }
        for i in open.into_iter().rev() {
            self.b.pop_if(i);
        }
        r
    }
}

fn case_bits(c: &ConstValue) -> u64 {
    scalar_bits(c)
}
